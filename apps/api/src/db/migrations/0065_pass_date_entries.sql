CREATE TABLE "pass_date_entries" (
	"participation_id" uuid NOT NULL,
	"date_id" uuid NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pass_date_entries_participation_id_date_id_pk" PRIMARY KEY("participation_id","date_id"),
	CONSTRAINT "pass_date_entries_check" CHECK ("pass_date_entries"."entries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pass_date_entries" ADD CONSTRAINT "pass_date_entries_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_date_entries" ADD CONSTRAINT "pass_date_entries_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_date_entries_date_idx" ON "pass_date_entries" USING btree ("date_id");--> statement-breakpoint
-- The passes already let in without a list: their entries go to the date of each scan, as
-- `guichet_event_date_at` finds it, so that a pass that came today is not let in again today.
INSERT INTO "pass_date_entries" ("participation_id", "date_id", "entries")
SELECT x.participation_id, x.date_id, least(count(*), max(x.quantity))::integer
  FROM (
    SELECT s.participation_id, p.quantity,
           (SELECT d.id FROM event_dates d
             WHERE d.event_id = p.event_id AND d.cancelled_at IS NULL
             ORDER BY d.date_begin <= s.scanned_at AND s.scanned_at < d.date_end DESC,
                      d.date_begin > s.scanned_at AND d.date_begin <= s.scanned_at + interval '6 hours' DESC,
                      d.date_begin <= s.scanned_at DESC,
                      CASE WHEN d.date_begin <= s.scanned_at THEN d.date_begin END DESC NULLS LAST,
                      d.date_begin
             LIMIT 1) AS date_id
      FROM scans s
      JOIN participations p ON p.id = s.participation_id
      JOIN tickets t ON t.id = p.ticket_id
     WHERE s.result = 'accepted' AND s.direction = 'in' AND s.list_id IS NULL AND t.is_pass AND p.date_id IS NULL
  ) x
 WHERE x.date_id IS NOT NULL
 GROUP BY x.participation_id, x.date_id;
