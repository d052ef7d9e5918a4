-- An event's tickets as a hold counts them (guichet_hold_batch): their ids in id order, the
-- places each has left for a buyer (-1 when it is not for sale: unavailable, deleted or
-- multipart) and the places taken of the tickets the event's cap counts. Places owed to the
-- waiting lists (guichet_places_owed: places back while people wait for them) are neither left
-- nor room under the cap: they count as taken, and those of a date's line (issue 32) on that date
-- too: `date_free` is p_date_free (the event's dates p_date_ids in id order, their places left as
-- guichet_date_free counts them, as the caller read them) less them. Read under the caller's snapshot.
-- Whether anyone waits is asked in the same statement, one probe of the partial index
-- waiting_list_next_idx per ticket with places left: a sale nobody waits for pays that and
-- nothing else (measured: the owed places' function called every time tripled this one's cost).
-- The probe is a subquery in the line's order, not an EXISTS: PostgreSQL drops an EXISTS's ORDER
-- BY, and with one long line in the table it estimated every ticket's line that long and chose a
-- sequential scan (4 ms a call with 20,000 people waiting for another event's ticket).
CREATE OR REPLACE FUNCTION guichet_hold_counters(p_event uuid, p_date_ids uuid[], p_date_free integer[],
                                                 OUT ids uuid[], OUT free integer[], OUT taken integer,
                                                 OUT date_free integer[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_waiting boolean;
  v_cap integer;
  v_owed record;
BEGIN
  date_free := p_date_free;
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(CASE WHEN t.is_available AND t.deleted_at IS NULL AND NOT t.is_multipart
                        THEN t.quantity - t.sold - t.held ELSE -1 END ORDER BY t.id),
         coalesce(sum(t.sold + t.held) FILTER (WHERE NOT t.is_multipart AND t.deleted_at IS NULL), 0)::integer,
         coalesce(bool_or(t.quantity - t.sold - t.held > 0 AND (
           SELECT w.quantity FROM waiting_list_entries w WHERE w.ticket_id = t.id AND w.status = 'waiting'
            ORDER BY w.created_at, w.id LIMIT 1) IS NOT NULL), false)
    INTO ids, free, taken, v_waiting
    FROM tickets t WHERE t.event_id = p_event;
  IF NOT v_waiting THEN RETURN; END IF;
  SELECT nullif(nb_max_participants, -1) INTO v_cap FROM events WHERE id = p_event;
  SELECT * INTO v_owed FROM guichet_places_owed(ids, free, v_cap - taken, p_date_ids, p_date_free);
  FOR i IN 1 .. coalesce(cardinality(ids), 0) LOOP
    CONTINUE WHEN v_owed.ticket_owed[i] = 0;
    free[i] := free[i] - v_owed.ticket_owed[i];
    taken := taken + v_owed.ticket_owed[i];
  END LOOP;
  FOR j IN 1 .. coalesce(cardinality(p_date_ids), 0) LOOP
    date_free[j] := date_free[j] - v_owed.date_owed[j];
  END LOOP;
END
$$;
