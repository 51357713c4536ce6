CREATE TABLE "desk_sync" (
	"key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "payment_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "free_cancel_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "commission_minor" bigint;--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "detail_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_facts_booked_at_idx" ON "booking_facts" USING btree ("booked_at");