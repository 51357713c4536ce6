CREATE TABLE "markup_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_type" text,
	"country" text,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"fixed_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markup_rules_product_known" CHECK ("markup_rules"."product_type" is null or "markup_rules"."product_type" in ('hotel', 'flight', 'activity', 'transfer')),
	CONSTRAINT "markup_rules_country_code" CHECK ("markup_rules"."country" is null or "markup_rules"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "markup_rules_percent_range" CHECK ("markup_rules"."percent_bp" between 0 and 100000),
	CONSTRAINT "markup_rules_fixed_positive" CHECK ("markup_rules"."fixed_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"rounding" text DEFAULT 'none' NOT NULL,
	"allow_below_cost" boolean DEFAULT false NOT NULL,
	"max_discount_bp" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_settings_one_row" CHECK ("pricing_settings"."id" = 1),
	CONSTRAINT "pricing_settings_rounding_known" CHECK ("pricing_settings"."rounding" in ('none', 'whole', 'ninety_nine')),
	CONSTRAINT "pricing_settings_discount_range" CHECK ("pricing_settings"."max_discount_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "pricing_settings" ADD CONSTRAINT "pricing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "markup_rules_scope_unique" ON "markup_rules" USING btree (coalesce("product_type", '*'),coalesce("country", '*'));