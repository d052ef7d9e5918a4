-- Folds the kept figures of one event written by backends that are gone into one row (slot 0),
-- for the sweep 'fold kept statistics' (docs/decisions.md, "Follow-up"). Each figure is spread
-- over slots, the writing backend's process id, so that concurrent writers never wait on one row;
-- a pool's connections come and go, and without folding an event's figures would spread over
-- ever more rows that every read adds up. Answers the rows folded.
-- Never waits on a writer, so it can enter no circle: the rows are taken FOR UPDATE SKIP LOCKED
-- (a row being written stays for the next sweep), slot 0 is written only here, one fold at a time
-- (class 2031), and it gives way to a computation from the places under way (the organiser's
-- statistics lock, the participants list's lock: tried, never awaited). A live backend's rows stay
-- where they are: it would write them again at once. The sums are unchanged: what leaves a slot is
-- added to slot 0 in the same statement.
CREATE OR REPLACE FUNCTION guichet_fold_kept_counts(p_event uuid) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  v_live integer[];
  v_table record;
  v_count integer;
  v_total integer := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(2031, 0) THEN RETURN 0; END IF;
  IF NOT EXISTS (
       SELECT 1 FROM events e
        WHERE e.id = p_event AND pg_try_advisory_xact_lock_shared(2026, hashtext(e.organizer_id::text))) THEN
    RETURN 0;
  END IF;
  SELECT coalesce(array_agg(pid), '{}') INTO v_live FROM pg_stat_activity;
  -- Each table's key (beside the slot) and figures; the event's rows are those of `owner`, the
  -- column naming the event, or the promo code of the event.
  FOR v_table IN
    SELECT * FROM (VALUES
      ('event_ticket_totals', 'event_id, ticket_id, source', ARRAY['places', 'entries', 'absentees', 'gross_cents']),
      ('event_sold_hours', 'event_id, hour', ARRAY['places']),
      ('event_scan_hours', 'event_id, hour', ARRAY['scans']),
      ('event_ages', 'event_id, age', ARRAY['places']),
      ('event_holder_counts', 'event_id', ARRAY['holders', 'regulars']),
      ('event_promo_uses', 'discount_code_id', ARRAY['uses', 'discount_cents']),
      ('participant_line_counts', 'event_id', ARRAY['lines', 'places'])) t(name, keys, figures)
  LOOP
    -- The participants list's totals give way to its computation from the places (its lock).
    CONTINUE WHEN v_table.name = 'participant_line_counts' AND NOT pg_try_advisory_xact_lock_shared(2024, 0);
    EXECUTE format(
      'WITH gone AS (
         DELETE FROM %1$I WHERE ctid = ANY (ARRAY(
           SELECT ctid FROM %1$I
            WHERE %2$s AND slot <> 0 AND slot <> ALL ($2) FOR UPDATE SKIP LOCKED))
         RETURNING *),
       kept AS (
         INSERT INTO %1$I AS x (%3$s, slot, %4$s)
         SELECT %3$s, 0, %5$s FROM gone GROUP BY %3$s
         ON CONFLICT (%3$s, slot) DO UPDATE SET %6$s)
       SELECT count(*) FROM gone',
      v_table.name,
      CASE WHEN v_table.name = 'event_promo_uses'
           THEN 'discount_code_id IN (SELECT d.id FROM discount_codes d WHERE d.event_id = $1)'
           ELSE 'event_id = $1' END,
      v_table.keys,
      array_to_string(v_table.figures, ', '),
      (SELECT string_agg(format('sum(%I)', f), ', ') FROM unnest(v_table.figures) f),
      (SELECT string_agg(format('%1$I = x.%1$I + excluded.%1$I', f), ', ') FROM unnest(v_table.figures) f))
      INTO v_count USING p_event, v_live;
    v_total := v_total + v_count;
  END LOOP;
  RETURN v_total;
END
$$;
