ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_excl_vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_payout_idx" ON "invoices" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_source_check" CHECK ("invoices"."order_id" is not null or "invoices"."payout_id" is not null);