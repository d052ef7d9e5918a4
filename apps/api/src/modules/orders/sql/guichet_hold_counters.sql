-- An event's tickets as a hold counts them (guichet_hold_batch): their ids in id order, the
-- places each has left (-1 when it is not for sale: unavailable, deleted or multipart) and the
-- places taken of the tickets the event's cap counts. Read under the caller's snapshot.
CREATE OR REPLACE FUNCTION guichet_hold_counters(p_event uuid, OUT ids uuid[], OUT free integer[], OUT taken integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(CASE WHEN t.is_available AND t.deleted_at IS NULL AND NOT t.is_multipart
                        THEN t.quantity - t.sold - t.held ELSE -1 END ORDER BY t.id),
         coalesce(sum(t.sold + t.held) FILTER (WHERE NOT t.is_multipart AND t.deleted_at IS NULL), 0)::integer
    INTO ids, free, taken
    FROM tickets t WHERE t.event_id = p_event;
END
$$;
