ALTER TABLE "refunds" DROP CONSTRAINT "refunds_cause_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "date_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_date_participation_key" ON "refunds" USING btree ("participation_id","date_id") WHERE "refunds"."cause" in ('date_cancelled', 'date_moved');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" in ('request', 'cancellation', 'resale', 'date_cancelled', 'date_moved'));