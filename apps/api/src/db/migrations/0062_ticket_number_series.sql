DROP INDEX "participations_ticket_number_key";--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "number_series" text;--> statement-breakpoint
-- Every number given so far was taken in its event's one series (numbering.ts `ticketSeries`).
UPDATE "participations" SET "number_series" = 'tickets:' || "event_id" WHERE "first_ticket_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "participations_ticket_number_key" ON "participations" USING btree ("number_series","first_ticket_number") WHERE "participations"."transferred_at" is null;
