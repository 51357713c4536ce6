CREATE TABLE "follow_up_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"booking_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"voucher_days_before" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_settings_one_row" CHECK ("follow_up_settings"."id" = 1),
	CONSTRAINT "follow_up_settings_days_range" CHECK ("follow_up_settings"."voucher_days_before" is null or "follow_up_settings"."voucher_days_before" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "hold_auto_pay" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'on' NOT NULL,
	"enabled_by" uuid,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "hold_auto_pay_state_known" CHECK ("hold_auto_pay"."state" in ('on', 'paid', 'failed', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_auto_pay" ADD CONSTRAINT "hold_auto_pay_enabled_by_users_id_fk" FOREIGN KEY ("enabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_marks_booking_idx" ON "follow_up_marks" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "follow_up_marks_created_idx" ON "follow_up_marks" USING btree ("created_at");