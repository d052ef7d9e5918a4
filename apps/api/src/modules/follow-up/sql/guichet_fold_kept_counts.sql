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
  WITH gone AS (
    DELETE FROM event_ticket_totals WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM event_ticket_totals
       WHERE event_id = p_event AND slot <> 0 AND slot <> ALL (v_live) FOR UPDATE SKIP LOCKED))
    RETURNING *),
  kept AS (
    INSERT INTO event_ticket_totals AS x (event_id, ticket_id, source, slot, places, entries, absentees, gross_cents)
    SELECT event_id, ticket_id, source, 0, sum(places), sum(entries), sum(absentees), sum(gross_cents)
      FROM gone GROUP BY 1, 2, 3
    ON CONFLICT (event_id, ticket_id, source, slot) DO UPDATE
      SET places = x.places + excluded.places, entries = x.entries + excluded.entries,
          absentees = x.absentees + excluded.absentees, gross_cents = x.gross_cents + excluded.gross_cents)
  SELECT count(*) INTO v_count FROM gone;
  v_total := v_total + v_count;
  WITH gone AS (
    DELETE FROM event_sold_hours WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM event_sold_hours
       WHERE event_id = p_event AND slot <> 0 AND slot <> ALL (v_live) FOR UPDATE SKIP LOCKED))
    RETURNING *),
  kept AS (
    INSERT INTO event_sold_hours AS x (event_id, hour, slot, places)
    SELECT event_id, hour, 0, sum(places) FROM gone GROUP BY 1, 2
    ON CONFLICT (event_id, hour, slot) DO UPDATE SET places = x.places + excluded.places)
  SELECT count(*) INTO v_count FROM gone;
  v_total := v_total + v_count;
  WITH gone AS (
    DELETE FROM event_scan_hours WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM event_scan_hours
       WHERE event_id = p_event AND slot <> 0 AND slot <> ALL (v_live) FOR UPDATE SKIP LOCKED))
    RETURNING *),
  kept AS (
    INSERT INTO event_scan_hours AS x (event_id, hour, slot, scans)
    SELECT event_id, hour, 0, sum(scans) FROM gone GROUP BY 1, 2
    ON CONFLICT (event_id, hour, slot) DO UPDATE SET scans = x.scans + excluded.scans)
  SELECT count(*) INTO v_count FROM gone;
  v_total := v_total + v_count;
  WITH gone AS (
    DELETE FROM event_ages WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM event_ages
       WHERE event_id = p_event AND slot <> 0 AND slot <> ALL (v_live) FOR UPDATE SKIP LOCKED))
    RETURNING *),
  kept AS (
    INSERT INTO event_ages AS x (event_id, age, slot, places)
    SELECT event_id, age, 0, sum(places) FROM gone GROUP BY 1, 2
    ON CONFLICT (event_id, age, slot) DO UPDATE SET places = x.places + excluded.places)
  SELECT count(*) INTO v_count FROM gone;
  v_total := v_total + v_count;
  WITH gone AS (
    DELETE FROM event_holder_counts WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM event_holder_counts
       WHERE event_id = p_event AND slot <> 0 AND slot <> ALL (v_live) FOR UPDATE SKIP LOCKED))
    RETURNING *),
  kept AS (
    INSERT INTO event_holder_counts AS x (event_id, slot, holders, regulars)
    SELECT event_id, 0, sum(holders), sum(regulars) FROM gone GROUP BY 1
    ON CONFLICT (event_id, slot) DO UPDATE SET holders = x.holders + excluded.holders, regulars = x.regulars + excluded.regulars)
  SELECT count(*) INTO v_count FROM gone;
  v_total := v_total + v_count;
  WITH gone AS (
    DELETE FROM event_promo_uses WHERE ctid = ANY (ARRAY(
      SELECT u.ctid FROM event_promo_uses u JOIN discount_codes d ON d.id = u.discount_code_id
       WHERE d.event_id = p_event AND u.slot <> 0 AND u.slot <> ALL (v_live) FOR UPDATE OF u SKIP LOCKED))
    RETURNING *),
  kept AS (
    INSERT INTO event_promo_uses AS x (discount_code_id, slot, uses, discount_cents)
    SELECT discount_code_id, 0, sum(uses), sum(discount_cents) FROM gone GROUP BY 1
    ON CONFLICT (discount_code_id, slot) DO UPDATE SET uses = x.uses + excluded.uses, discount_cents = x.discount_cents + excluded.discount_cents)
  SELECT count(*) INTO v_count FROM gone;
  v_total := v_total + v_count;
  IF pg_try_advisory_xact_lock_shared(2024, 0) THEN
    WITH gone AS (
      DELETE FROM participant_line_counts WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM participant_line_counts
         WHERE event_id = p_event AND slot <> 0 AND slot <> ALL (v_live) FOR UPDATE SKIP LOCKED))
      RETURNING *),
    kept AS (
      INSERT INTO participant_line_counts AS x (event_id, slot, lines, places)
      SELECT event_id, 0, sum(lines), sum(places) FROM gone GROUP BY 1
      ON CONFLICT (event_id, slot) DO UPDATE SET lines = x.lines + excluded.lines, places = x.places + excluded.places)
    SELECT count(*) INTO v_count FROM gone;
    v_total := v_total + v_count;
  END IF;
  RETURN v_total;
END
$$;
