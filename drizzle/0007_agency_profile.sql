CREATE TABLE "agency_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_sha256" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_profile_one_row" CHECK ("agency_profile"."id" = 1),
	CONSTRAINT "agency_profile_logo_known" CHECK (("agency_profile"."logo" is null and "agency_profile"."logo_type" is null and "agency_profile"."logo_sha256" is null) or ("agency_profile"."logo" is not null and "agency_profile"."logo_type" in ('image/png', 'image/jpeg', 'image/webp') and "agency_profile"."logo_sha256" is not null))
);
--> statement-breakpoint
ALTER TABLE "agency_profile" ADD CONSTRAINT "agency_profile_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;