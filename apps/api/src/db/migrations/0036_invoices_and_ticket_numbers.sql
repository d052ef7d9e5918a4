CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"issuer" text NOT NULL,
	"order_id" uuid NOT NULL,
	"organizer_id" uuid,
	"corrects_id" uuid,
	"source_key" text NOT NULL,
	"document" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit-note')),
	CONSTRAINT "invoices_issuer_check" CHECK ("invoices"."issuer" in ('organizer', 'platform'))
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"key" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "first_ticket_number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_seq_key" ON "invoices" USING btree ("series","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_key" ON "invoices" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "participations_unnumbered_idx" ON "participations" USING btree ("event_id") WHERE "participations"."first_ticket_number" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "participations_ticket_number_key" ON "participations" USING btree ("event_id","first_ticket_number");