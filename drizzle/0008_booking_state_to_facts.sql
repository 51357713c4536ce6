-- Custom SQL migration (drizzle-kit generate --custom): a booking's state, total and currency
-- live in booking_facts alone from now on, and 0009 drops the ledger's copies. Every booked
-- ledger row keeps what it knew: a booking the facts do not hold yet gets its row; one they hold
-- takes the ledger's state when the ledger saw it later, and the ledger's total when they have none.
INSERT INTO "booking_facts" ("booking_id", "order_ref", "product_type", "state", "total_sell_minor", "currency", "booked_at", "checked_at")
SELECT "booking_id", "order_ref", "product_type", "state", "total_sell_minor", "currency", "completed_at", "updated_at"
FROM "bookings_ledger"
WHERE "booking_id" IS NOT NULL AND "order_ref" IS NOT NULL AND "state" IS NOT NULL
ON CONFLICT ("booking_id") DO UPDATE SET
  "state" = CASE WHEN excluded."checked_at" > "booking_facts"."checked_at" THEN excluded."state" ELSE "booking_facts"."state" END,
  "total_sell_minor" = CASE WHEN "booking_facts"."total_sell_minor" IS NULL THEN excluded."total_sell_minor" ELSE "booking_facts"."total_sell_minor" END,
  "currency" = CASE WHEN "booking_facts"."total_sell_minor" IS NULL THEN excluded."currency" ELSE "booking_facts"."currency" END,
  "checked_at" = GREATEST("booking_facts"."checked_at", excluded."checked_at");
