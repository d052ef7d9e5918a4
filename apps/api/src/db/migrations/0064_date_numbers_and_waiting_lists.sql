DROP INDEX "participations_ticket_number_key";--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "number_series" text;--> statement-breakpoint
-- Every number given so far was taken in its event's one series (numbering.ts `ticketSeries`).
UPDATE "participations" SET "number_series" = 'tickets:' || "event_id" WHERE "first_ticket_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "participations_ticket_number_key" ON "participations" USING btree ("number_series","first_ticket_number") WHERE "participations"."transferred_at" is null;
--> statement-breakpoint
DROP INDEX "waiting_list_live_key";--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD COLUMN "date_id" uuid;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_next_of_date_idx" ON "waiting_list_entries" USING btree ("ticket_id","date_id","created_at","id") WHERE "waiting_list_entries"."status" = 'waiting' and "waiting_list_entries"."date_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_live_key" ON "waiting_list_entries" USING btree ("ticket_id","user_id",coalesce("date_id", "ticket_id")) WHERE "waiting_list_entries"."status" in ('waiting', 'offered', 'accepted');--> statement-breakpoint
-- The offer of a date's places (issue 32) takes the date: the old signature goes (the new one is declared in orders/sql).
DROP FUNCTION IF EXISTS guichet_offer_places(uuid, integer);
