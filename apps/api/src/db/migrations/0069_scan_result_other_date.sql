ALTER TABLE "scans" DROP CONSTRAINT "scans_result_check";--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_result_check" CHECK ("scans"."result" in ('accepted', 'already_scanned', 'invalid', 'other_event', 'cancelled', 'transferred',
                          'not_on_list', 'not_checked_in', 'already_out', 'other_date'));