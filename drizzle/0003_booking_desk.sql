CREATE TABLE "booking_facts" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"order_ref" text NOT NULL,
	"product_type" text NOT NULL,
	"lead_guest" text,
	"travelers" integer,
	"item" text,
	"travel_start" date,
	"travel_end" date,
	"state" text NOT NULL,
	"total_sell_minor" bigint,
	"currency" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_actions" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "bookings_ledger" ADD COLUMN "booked_state" text;--> statement-breakpoint
CREATE INDEX "booking_facts_state_idx" ON "booking_facts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "booking_facts_travel_start_idx" ON "booking_facts" USING btree ("travel_start");