ALTER TABLE "orders" ADD COLUMN "documents_issued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_documents_owed_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."documents_issued_at" is null and "orders"."status" in ('paid', 'refund_requested', 'refunded');--> statement-breakpoint
-- Orders paid before invoices existed are not invoiced after the fact (docs/decisions.md,
-- "Invoices"); their places are still numbered by the issuing pass.
UPDATE "orders" SET "documents_issued_at" = coalesce("paid_at", "created_at")
 WHERE "status" in ('paid', 'refund_requested', 'refunded');
