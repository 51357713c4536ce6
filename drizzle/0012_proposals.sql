CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"booking_id" text NOT NULL,
	"order_ref" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"cost_minor" bigint NOT NULL,
	"client_minor" bigint NOT NULL,
	"booked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"label" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_groups_position_positive" CHECK ("proposal_groups"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proposal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_type" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"currency" text NOT NULL,
	"cost_minor" bigint NOT NULL,
	"markup_minor" bigint NOT NULL,
	"client_minor" bigint NOT NULL,
	"overridden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_items_product_known" CHECK ("proposal_items"."product_type" in ('hotel', 'flight', 'activity', 'transfer')),
	CONSTRAINT "proposal_items_currency_code" CHECK ("proposal_items"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "proposal_items_amounts_positive" CHECK ("proposal_items"."cost_minor" >= 0 and "proposal_items"."markup_minor" >= 0 and "proposal_items"."client_minor" >= 0),
	CONSTRAINT "proposal_items_position_positive" CHECK ("proposal_items"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"client_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"token_sha256" text,
	"token_expires_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"chosen_at" timestamp with time zone,
	"choice_message" text DEFAULT '' NOT NULL,
	"chosen_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_reference_format" CHECK ("proposals"."reference" ~ '^PR-[0-9A-Z]{6}$'),
	CONSTRAINT "proposals_token_sha256_hex" CHECK ("proposals"."token_sha256" is null or "proposals"."token_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proposals_token_expires" CHECK (("proposals"."token_sha256" is null) = ("proposals"."token_expires_at" is null)),
	CONSTRAINT "proposals_view_count_positive" CHECK ("proposals"."view_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_bookings" ADD CONSTRAINT "proposal_bookings_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_bookings" ADD CONSTRAINT "proposal_bookings_item_id_proposal_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proposal_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_bookings" ADD CONSTRAINT "proposal_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_groups" ADD CONSTRAINT "proposal_groups_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_group_id_proposal_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."proposal_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_bookings_item_unique" ON "proposal_bookings" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_bookings_booking_unique" ON "proposal_bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "proposal_bookings_proposal_idx" ON "proposal_bookings" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_groups_proposal_idx" ON "proposal_groups" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE INDEX "proposal_items_proposal_idx" ON "proposal_items" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE INDEX "proposal_items_group_idx" ON "proposal_items" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_reference_unique" ON "proposals" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_token_sha256_unique" ON "proposals" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "proposals_advisor_updated_idx" ON "proposals" USING btree ("advisor_id","updated_at");--> statement-breakpoint
CREATE INDEX "proposals_client_idx" ON "proposals" USING btree ("client_id");