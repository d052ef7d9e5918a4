-- The date a pass is scanned for at a given time, when the scan names no list (issue 32,
-- docs/decisions.md "Dates"): of the dates the pass covers (its `ticket_dates`, none: every date of
-- the event) and not cancelled, the first not over yet; after the last, the last. A festival's
-- night runs past midnight: a pass scanned at 1 a.m. is still on that night's date until its end.
-- NULL when the pass covers no live date.
CREATE OR REPLACE FUNCTION guichet_pass_date_at(p_ticket uuid, p_event uuid, p_at timestamptz) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT d.id
    FROM event_dates d
   WHERE d.event_id = p_event AND d.cancelled_at IS NULL
     AND (NOT EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = p_ticket)
          OR EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = p_ticket AND td.date_id = d.id))
   ORDER BY d.date_end <= p_at, CASE WHEN d.date_end > p_at THEN d.date_begin END, d.date_begin DESC
   LIMIT 1
$$;
