-- Takes a pass's entry on the date of its scan, for a scan that names no list
-- (`guichet_record_scans`; issue 32, docs/decisions.md "Dates"): a pass of an event of several
-- dates is let in once per date, as a list of that date would. Answers the date (NULL when the
-- place is not a live pass of the event, or covers no live date: the caller takes the whole
-- event's entry) and whether the entry was taken.
-- Exactly once per date: the conditional upsert takes the entry's row lock, and a concurrent scan
-- of the same pass waits on it, then finds the entries at the quantity. The place's
-- `entries_used` keeps the most entries of any date, for what counts a place as come (statistics,
-- participants, messages to those who came).
CREATE OR REPLACE FUNCTION guichet_take_pass_entry(
  p_pid uuid, p_event uuid, p_at timestamptz, OUT o_date uuid, OUT o_taken boolean, OUT o_remaining integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_quantity integer;
  v_ticket uuid;
  v_entries integer;
BEGIN
  o_taken := false;
  SELECT p.quantity, p.ticket_id INTO v_quantity, v_ticket
    FROM participations p JOIN tickets t ON t.id = p.ticket_id
   WHERE p.id = p_pid AND p.event_id = p_event AND p.cancelled_at IS NULL AND p.date_id IS NULL AND t.is_pass;
  IF NOT FOUND THEN RETURN; END IF;
  o_date := guichet_pass_date_at(v_ticket, p_event, p_at);
  IF o_date IS NULL THEN RETURN; END IF;
  INSERT INTO pass_date_entries AS e (participation_id, date_id, entries)
  VALUES (p_pid, o_date, 1)
  ON CONFLICT (participation_id, date_id) DO UPDATE SET entries = e.entries + 1 WHERE e.entries < v_quantity
  RETURNING e.entries INTO v_entries;
  IF FOUND THEN
    o_taken := true;
    UPDATE participations SET entries_used = v_entries WHERE id = p_pid AND entries_used < v_entries;
  ELSE
    SELECT e.entries INTO v_entries FROM pass_date_entries e WHERE e.participation_id = p_pid AND e.date_id = o_date;
  END IF;
  o_remaining := v_quantity - coalesce(v_entries, 0);
END
$$;
