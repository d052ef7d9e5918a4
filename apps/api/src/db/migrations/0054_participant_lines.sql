CREATE TABLE "owed_statements" (
	"name" text PRIMARY KEY NOT NULL,
	"statement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_line_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"first_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"entries_used" integer NOT NULL,
	"status" integer GENERATED ALWAYS AS (case when entries_used >= quantity then 2 when entries_used > 0 then 1 else 0 end) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_lines" (
	"key" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"first_id" uuid NOT NULL,
	"ids" uuid[] NOT NULL,
	"ticket_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"refund_places" integer NOT NULL,
	"last_key" text NOT NULL,
	"first_key" text NOT NULL,
	"type_key" text NOT NULL,
	"subtype_key" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"promo_key" text,
	"total_cents" bigint NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "participant_line_entries_status_idx" ON "participant_line_entries" USING btree ("event_id","status","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_name_idx" ON "participant_lines" USING btree ("event_id","last_key","first_key","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_quantity_idx" ON "participant_lines" USING btree ("event_id","quantity","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_type_idx" ON "participant_lines" USING btree ("event_id","type_key","subtype_key","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_date_idx" ON "participant_lines" USING btree ("event_id","purchased_at","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_promo_idx" ON "participant_lines" USING btree ("event_id","promo_key","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_price_idx" ON "participant_lines" USING btree ("event_id","total_cents","first_id");--> statement-breakpoint
CREATE INDEX "participant_lines_ticket_idx" ON "participant_lines" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "participant_lines_search_idx" ON "participant_lines" USING gin ("search");--> statement-breakpoint
-- The rows of the places sold before this migration: computed by the declared function once it
-- exists (db/client.ts runs owed statements after the declared SQL).
INSERT INTO "owed_statements" ("name", "statement") VALUES ('participant_lines',
  'SELECT guichet_refresh_participant_lines(array(SELECT DISTINCT guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id) FROM participations WHERE cancelled_at IS NULL))');
