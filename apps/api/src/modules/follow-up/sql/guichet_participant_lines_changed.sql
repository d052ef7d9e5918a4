-- Keeps the participants list's rows with the places (statement triggers on participations,
-- transition tables `added` and `removed`). A scan changes only a place's entries: its row's
-- count moves by the difference, under the row's lock. Any other change of what the list shows or
-- groups by (a place sold, cancelled, renamed, numbered, moved to another order) computes its rows
-- again, before and after the change. A place numbered alone in its row (most places: the job that
-- numbers a sale's tickets, place by place) changes nothing the list keeps: its row is left as it
-- is, under its lock; computing it again made each number cost a whole row.
--
-- The places before and after an update are paired by a hash, never by a nested loop: PL/pgSQL
-- keeps a statement's plan from its first call on a connection, made for the sizes of that call's
-- transition tables, and a plan made for one place compared each of 8,000 places cancelled at once
-- with every other (64 million comparisons, 26 s). So that statement alone is planned with nested
-- loops disabled, whatever its first call's size; the functions called after it keep their plans.
CREATE OR REPLACE FUNCTION guichet_participant_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_nestloop text;
  v_scanned text[];
  v_entries int[];
  v_reshaped text[];
  v_numbered text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM guichet_refresh_participant_lines(array(
      SELECT guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id) FROM added));
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM guichet_refresh_participant_lines(array(
      SELECT guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id) FROM removed));
    RETURN NULL;
  END IF;
  v_nestloop := current_setting('enable_nestloop');
  PERFORM set_config('enable_nestloop', 'off', true);
  WITH changed AS (
    SELECT guichet_participant_line_key(n.order_id, n.ticket_id, n.is_gift, n.split_from, n.id) AS new_key,
           guichet_participant_line_key(o.order_id, o.ticket_id, o.is_gift, o.split_from, o.id) AS old_key,
           n.entries_used - o.entries_used AS entries,
           n.first_ticket_number IS DISTINCT FROM o.first_ticket_number AS numbered,
           (n.cancelled_at, n.holder_first_name, n.holder_last_name, n.refund_places,
            n.order_id, n.ticket_id, n.is_gift, n.split_from, n.user_id, n.created_at, n.event_id)
             IS DISTINCT FROM
           (o.cancelled_at, o.holder_first_name, o.holder_last_name, o.refund_places,
            o.order_id, o.ticket_id, o.is_gift, o.split_from, o.user_id, o.created_at, o.event_id) AS reshaped
      FROM added n JOIN removed o ON o.id = n.id),
  moves AS (
    SELECT new_key AS key, entries, reshaped, numbered FROM changed WHERE entries <> 0 OR reshaped OR numbered
    UNION ALL
    SELECT old_key, 0, true, false FROM changed WHERE reshaped AND old_key <> new_key),
  by_key AS (
    SELECT key, sum(entries)::int AS entries, bool_or(reshaped) AS reshaped, bool_or(numbered) AS numbered
      FROM moves GROUP BY key)
  SELECT array_agg(key ORDER BY key) FILTER (WHERE NOT reshaped AND NOT numbered),
         array_agg(entries ORDER BY key) FILTER (WHERE NOT reshaped AND NOT numbered),
         array_agg(key) FILTER (WHERE reshaped OR (numbered AND entries <> 0)),
         array_agg(key) FILTER (WHERE numbered AND NOT reshaped AND entries = 0)
    INTO v_scanned, v_entries, v_reshaped, v_numbered
    FROM by_key;
  PERFORM set_config('enable_nestloop', v_nestloop, true);
  IF v_numbered IS NOT NULL THEN
    -- Locked with the rows computed again below, in one call (one order of the locks); a row of
    -- several places orders them by number, so it is computed again.
    PERFORM guichet_lock_participant_lines(coalesce(v_reshaped, '{}') || v_numbered);
    v_reshaped := coalesce(v_reshaped, '{}') || ARRAY(
      SELECT k FROM unnest(v_numbered) k
       WHERE NOT EXISTS (SELECT 1 FROM participant_lines pl WHERE pl.key = k AND pl.quantity = 1));
  END IF;
  IF v_scanned IS NOT NULL THEN
    PERFORM guichet_lock_participant_lines(v_scanned);
    UPDATE participant_line_entries e SET entries_used = e.entries_used + m.entries
      FROM unnest(v_scanned, v_entries) AS m(key, entries)
     WHERE e.key = m.key;
  END IF;
  PERFORM guichet_refresh_participant_lines(v_reshaped);
  RETURN NULL;
END
$$;
