CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organizer_id" uuid NOT NULL,
	"event_id" uuid,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text,
	"order_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"stream_id" uuid,
	"stream_seq" integer,
	"stream_balance_cents" bigint,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('organizer', 'platform', 'door', 'bank')),
	CONSTRAINT "ledger_entries_stream_check" CHECK (("ledger_entries"."account" = 'organizer') = ("ledger_entries"."stream_id" is not null) and ("ledger_entries"."stream_id" is null) = ("ledger_entries"."stream_seq" is null) and ("ledger_entries"."stream_id" is null) = ("ledger_entries"."stream_balance_cents" is null)),
	CONSTRAINT "ledger_entries_adjustment_check" CHECK ("ledger_entries"."kind" <> 'adjustment' or length(trim("ledger_entries"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_advance_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_stream_key" ON "ledger_entries" USING btree ("stream_id","stream_seq") WHERE "ledger_entries"."stream_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_event_idx" ON "ledger_entries" USING btree ("event_id","account","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_organizer_idx" ON "ledger_entries" USING btree ("organizer_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("refund_id") WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payout_advance_check" CHECK ("users"."payout_advance_percent" between 0 and 100);