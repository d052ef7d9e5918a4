-- The date of an event of several a door is letting in at a given time, for the scans that name no
-- list (issue 32, docs/decisions.md "Dates"): of its dates not cancelled, the one in progress; else
-- the next one if it starts within six hours (doors open before the start); else the last one
-- started (a late arrival, a night past its end); else the first. By the starts, not the ends: an
-- end is set loosely, and a scan a few minutes past it must not be the next date's. NULL when
-- every date is cancelled, or the event has no dates (one date: its places name none).
CREATE OR REPLACE FUNCTION guichet_event_date_at(p_event uuid, p_at timestamptz) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT d.id
    FROM event_dates d
   WHERE d.event_id = p_event AND d.cancelled_at IS NULL
   ORDER BY d.date_begin <= p_at AND p_at < d.date_end DESC,
            d.date_begin > p_at AND d.date_begin <= p_at + interval '6 hours' DESC,
            d.date_begin <= p_at DESC,
            CASE WHEN d.date_begin <= p_at THEN d.date_begin END DESC NULLS LAST,
            d.date_begin
   LIMIT 1
$$;
