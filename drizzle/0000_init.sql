CREATE TABLE "booking_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"idempotency_key" text,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "booking_actions_action_known" CHECK ("booking_actions"."action" in ('pay', 'cancel', 'email', 'refresh')),
	CONSTRAINT "booking_actions_outcome_known" CHECK ("booking_actions"."outcome" in ('pending', 'booked', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "bookings_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text,
	"order_ref" text,
	"user_id" uuid NOT NULL,
	"search_id" text,
	"quote_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"product_type" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"state" text,
	"total_sell_minor" bigint,
	"currency" text,
	"error_code" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_ledger_outcome_known" CHECK ("bookings_ledger"."outcome" in ('pending', 'booked', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'advisor' NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_known" CHECK ("users"."role" in ('advisor', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "booking_actions" ADD CONSTRAINT "booking_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_ledger" ADD CONSTRAINT "bookings_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_actions_booking_idx" ON "booking_actions" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_actions_idempotency_key_unique" ON "booking_actions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_ledger_booking_id_unique" ON "bookings_ledger" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_ledger_idempotency_key_unique" ON "bookings_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_ledger_user_requested_idx" ON "bookings_ledger" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "login_attempts_key_at_idx" ON "login_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");