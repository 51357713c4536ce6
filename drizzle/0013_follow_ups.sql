CREATE TABLE "booking_follow_ups" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"order_ref" text NOT NULL,
	"state" text NOT NULL,
	"pending_since" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"error" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" text,
	"title" text NOT NULL,
	"sentence" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "booking_actions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_actions" ADD COLUMN "actor" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_sync" ADD COLUMN "cursor" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_follow_ups_due_idx" ON "booking_follow_ups" USING btree ("next_check_at") WHERE "booking_follow_ups"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_booking_idx" ON "notifications" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "booking_actions" ADD CONSTRAINT "booking_actions_actor_known" CHECK (("booking_actions"."actor" = 'person' and "booking_actions"."user_id" is not null) or ("booking_actions"."actor" = 'desk' and "booking_actions"."user_id" is null));