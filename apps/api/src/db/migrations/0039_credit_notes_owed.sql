ALTER TABLE "payment_transactions" ADD COLUMN "credit_notes_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_notes_issued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_transactions_credit_notes_owed_idx" ON "payment_transactions" USING btree ("created_at") WHERE "payment_transactions"."credit_notes_issued_at" is null and "payment_transactions"."kind" = 'late' and "payment_transactions"."refund_status" = 'refunded';--> statement-breakpoint
CREATE INDEX "refunds_credit_notes_owed_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."credit_notes_issued_at" is null and "refunds"."status" in ('refunded', 'manual');--> statement-breakpoint
-- Refunds made before credit notes existed are not credited after the fact (docs/decisions.md,
-- "Credit notes"), as orders paid before invoices existed are not invoiced.
UPDATE "refunds" SET "credit_notes_issued_at" = coalesce("refunded_at", "created_at")
 WHERE "status" in ('refunded', 'manual');--> statement-breakpoint
UPDATE "payment_transactions" SET "credit_notes_issued_at" = coalesce("refunded_at", "created_at")
 WHERE "kind" = 'late' and "refund_status" = 'refunded';
