ALTER TABLE "bookings_ledger" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "bookings_ledger" DROP COLUMN "total_sell_minor";--> statement-breakpoint
ALTER TABLE "bookings_ledger" DROP COLUMN "currency";