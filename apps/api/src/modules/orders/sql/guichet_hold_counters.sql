-- An event's tickets as a hold counts them (guichet_hold_batch): their ids in id order, the
-- places each has left for a buyer (-1 when it is not for sale: unavailable, deleted or
-- multipart) and the places taken of the tickets the event's cap counts. Places owed to the
-- waiting lists (guichet_places_owed: places back while people wait for them) are neither left
-- nor room under the cap: they count as taken. Read under the caller's snapshot.
CREATE OR REPLACE FUNCTION guichet_hold_counters(p_event uuid, OUT ids uuid[], OUT free integer[], OUT taken integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_cap integer;
  v_owed integer[];
BEGIN
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(CASE WHEN t.is_available AND t.deleted_at IS NULL AND NOT t.is_multipart
                        THEN t.quantity - t.sold - t.held ELSE -1 END ORDER BY t.id),
         coalesce(sum(t.sold + t.held) FILTER (WHERE NOT t.is_multipart AND t.deleted_at IS NULL), 0)::integer
    INTO ids, free, taken
    FROM tickets t WHERE t.event_id = p_event;
  SELECT nullif(nb_max_participants, -1) INTO v_cap FROM events WHERE id = p_event;
  v_owed := guichet_places_owed(ids, free, v_cap - taken);
  FOR i IN 1 .. coalesce(cardinality(ids), 0) LOOP
    CONTINUE WHEN v_owed[i] = 0;
    free[i] := free[i] - v_owed[i];
    taken := taken + v_owed[i];
  END LOOP;
END
$$;
