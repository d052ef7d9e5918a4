ALTER TABLE "pass_date_entries" DROP CONSTRAINT "pass_date_entries_participation_id_participations_id_fk";
--> statement-breakpoint
ALTER TABLE "pass_date_entries" DROP CONSTRAINT "pass_date_entries_date_id_event_dates_id_fk";
