-- The scans log keeps no foreign keys (schema.ts, docs/decisions.md "Check-in"): each check locked
-- the referenced rows on the door's hottest path.
ALTER TABLE "scans" DROP CONSTRAINT "scans_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_participation_id_participations_id_fk";
--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_staff_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_list_id_checkin_lists_id_fk";
