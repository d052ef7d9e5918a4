-- Keeps the Statistiques tab's figures with the places (statement triggers on participations,
-- transition tables `added` and `removed`): a scan moves only its entries and the absentees; any
-- other change of what the figures count, price, date or age by moves them by what the places
-- were and are (guichet_move_place_statistics). The transition tables are joined as such, never
-- as unnested arrays: 30,000 scans in one statement would be joined row by row.
--
-- Those joins are planned with nested loops disabled: PL/pgSQL keeps a statement's plan from its
-- first call on a connection, made for the sizes of that call's transition tables, and a plan
-- made for one place compared each of 8,000 places cancelled at once with every other (64 million
-- comparisons, 21 s) where a hash of them takes a moment. The functions called in between keep
-- their own plans.
CREATE OR REPLACE FUNCTION guichet_event_statistics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_nestloop text;
  v_entries_only boolean;
  v_events uuid[];
  v_removed participations[];
  v_added participations[];
BEGIN
  -- Parsed only for an update: an insert's or a delete's trigger has one of the two tables. The
  -- places changed otherwise are counted, not looked for with EXISTS: for EXISTS the planner
  -- expected a match among the first rows and compared each place with every other, and 20,000
  -- places' entries changed in one statement (a seed, an import) took 100 s instead of 2.
  IF TG_OP = 'UPDATE' THEN
    v_nestloop := current_setting('enable_nestloop');
    PERFORM set_config('enable_nestloop', 'off', true);
    v_entries_only := (SELECT count(*) FROM added n JOIN removed o ON o.id = n.id
          WHERE (n.cancelled_at, n.quantity, n.event_id, n.ticket_id, n.source, n.order_id, n.is_gift, n.user_id, n.created_at)
                IS DISTINCT FROM
                (o.cancelled_at, o.quantity, o.event_id, o.ticket_id, o.source, o.order_id, o.is_gift, o.user_id, o.created_at)) = 0;
    IF v_entries_only THEN
      v_events := array(
        SELECT DISTINCT n.event_id FROM added n JOIN removed o ON o.id = n.id
         WHERE n.cancelled_at IS NULL AND n.entries_used <> o.entries_used);
    END IF;
    PERFORM set_config('enable_nestloop', v_nestloop, true);
    IF v_entries_only THEN
      PERFORM guichet_lock_event_statistics(v_events, false);
      PERFORM set_config('enable_nestloop', 'off', true);
      INSERT INTO event_ticket_totals AS k (event_id, ticket_id, source, slot, places, entries, absentees, gross_cents)
      SELECT n.event_id, n.ticket_id, n.source, pg_backend_pid(), 0,
             sum(n.entries_used - o.entries_used), sum((n.entries_used = 0)::int - (o.entries_used = 0)::int), 0
        FROM added n JOIN removed o ON o.id = n.id
       WHERE n.cancelled_at IS NULL AND n.entries_used <> o.entries_used
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (event_id, ticket_id, source, slot) DO UPDATE
         SET entries = k.entries + excluded.entries, absentees = k.absentees + excluded.absentees;
      PERFORM set_config('enable_nestloop', v_nestloop, true);
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN SELECT array_agg(a) INTO v_added FROM added a; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT array_agg(r) INTO v_removed FROM removed r; END IF;
  PERFORM guichet_move_place_statistics(v_removed, v_added);
  RETURN NULL;
END
$$;
