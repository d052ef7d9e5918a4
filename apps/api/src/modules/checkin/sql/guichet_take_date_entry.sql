-- A scan naming no list on an event of several dates (issue 32, docs/decisions.md "Dates"), for
-- `guichet_record_scans` once the place's own entry could not be taken: the door lets in the
-- date of the scan's time (guichet_event_date_at), a place bought for it once, and a pass covering
-- it once on that date. Answers what it found: 'none' (not a live place of an event of several
-- dates, or a place of this date whose entry is used: the caller says why), 'no_date' (every
-- date cancelled: refused as cancelled, its buyers refunded), 'other_date' (a place for another
-- date, a pass not covering this one), 'taken' or 'used' (a pass), with the date and the entries
-- left on it.
-- The place is locked first (as `guichet_take_list_entry` does, then the entry's row): a transfer,
-- a refund or a cancellation committing meanwhile is seen, and its code refused. Exactly once per
-- date: the conditional upsert takes the entry's row lock, and a concurrent scan of the same pass
-- waits on it, then finds the entries at the quantity. A pass's `entries_used` keeps the most
-- entries of any date, for what counts a place as come (statistics, participants, messages).
CREATE OR REPLACE FUNCTION guichet_take_date_entry(
  p_pid uuid, p_event uuid, p_at timestamptz, OUT o_kind text, OUT o_date uuid, OUT o_remaining integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_place record;
  v_entries integer;
BEGIN
  o_kind := 'none';
  SELECT p.quantity, p.ticket_id, p.date_id, t.is_pass INTO v_place
    FROM participations p JOIN tickets t ON t.id = p.ticket_id
   WHERE p.id = p_pid AND p.event_id = p_event AND p.cancelled_at IS NULL
     AND EXISTS (SELECT 1 FROM event_dates d WHERE d.event_id = p_event)
     FOR NO KEY UPDATE OF p;
  IF NOT FOUND THEN RETURN; END IF;
  o_date := guichet_event_date_at(p_event, p_at);
  IF o_date IS NULL THEN o_kind := 'no_date'; RETURN; END IF;
  IF v_place.date_id IS NOT NULL OR NOT v_place.is_pass THEN
    IF v_place.date_id IS DISTINCT FROM o_date THEN o_kind := 'other_date'; END IF;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = v_place.ticket_id)
     AND NOT EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = v_place.ticket_id AND td.date_id = o_date) THEN
    o_kind := 'other_date';
    RETURN;
  END IF;
  INSERT INTO pass_date_entries AS e (participation_id, date_id, entries)
  VALUES (p_pid, o_date, 1)
  ON CONFLICT (participation_id, date_id) DO UPDATE SET entries = e.entries + 1 WHERE e.entries < v_place.quantity
  RETURNING e.entries INTO v_entries;
  IF FOUND THEN
    o_kind := 'taken';
    UPDATE participations SET entries_used = v_entries WHERE id = p_pid AND entries_used < v_entries;
  ELSE
    o_kind := 'used';
    SELECT e.entries INTO v_entries FROM pass_date_entries e WHERE e.participation_id = p_pid AND e.date_id = o_date;
  END IF;
  o_remaining := v_place.quantity - coalesce(v_entries, 0);
END
$$;
