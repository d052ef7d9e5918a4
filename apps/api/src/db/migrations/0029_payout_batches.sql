CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"sepa_xml" text,
	"downloaded_at" timestamp with time zone,
	"downloaded_by" uuid,
	"bank_reference" text,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_state_check" CHECK (("payout_batches"."downloaded_at" is null) = ("payout_batches"."sepa_xml" is null) and ("payout_batches"."paid_at" is null) = ("payout_batches"."bank_reference" is null) and ("payout_batches"."paid_at" is null or "payout_batches"."downloaded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_decision_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_downloaded_by_users_id_fk" FOREIGN KEY ("downloaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'event', 'payout', 'payout_batch'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('requested', 'batched', 'paid', 'cancelled', 'rejected', 'returned'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decision_check" CHECK (("payouts"."status" in ('requested', 'batched')) = ("payouts"."decided_at" is null) and ("payouts"."status" not in ('paid', 'returned') or "payouts"."bank_reference" is not null) and ("payouts"."status" <> 'rejected' or "payouts"."reject_reason" is not null) and ("payouts"."status" <> 'batched' or "payouts"."batch_id" is not null) and ("payouts"."status" = 'returned') = ("payouts"."returned_at" is not null));