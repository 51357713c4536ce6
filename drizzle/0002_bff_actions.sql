ALTER TABLE "booking_actions" DROP CONSTRAINT "booking_actions_outcome_known";--> statement-breakpoint
ALTER TABLE "booking_actions" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "booking_actions" ADD CONSTRAINT "booking_actions_outcome_known" CHECK ("booking_actions"."outcome" in ('pending', 'succeeded', 'failed', 'unknown'));