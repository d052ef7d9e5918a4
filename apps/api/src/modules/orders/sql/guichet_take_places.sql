-- Takes places for an order under every limit it falls under, or nothing at all. The event's cap
-- is checked under a lock on the event row (only for a capped event), and the places are counted
-- by a statement of their own after the lock is granted, so that the count sees every take
-- committed before. The lock is FOR NO KEY UPDATE: it serialises buyers without conflicting with
-- the key-share lock that inserting an order (foreign key to the event) takes, which FOR UPDATE
-- did, deadlocking concurrent buyers of a capped event. Each ticket is one conditional UPDATE,
-- tickets in id order so that two buyers never wait on each other in a cycle. A line that fails
-- gives back the lines taken before it (their rows stay locked by this transaction, so nobody
-- saw them). Arrays and an index loop rather than a query loop: no cursor per call.
CREATE OR REPLACE FUNCTION guichet_take_places(p_event uuid, p_tickets uuid[], p_quantities integer[])
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_cap integer;
  v_taken integer;
  v_tickets uuid[] := p_tickets;
  v_quantities integer[] := p_quantities;
  v_count integer := coalesce(array_length(p_tickets, 1), 0);
BEGIN
  SELECT nb_max_participants INTO v_cap FROM events WHERE id = p_event AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN false; END IF;
  IF v_cap <> -1 THEN
    SELECT nb_max_participants INTO v_cap FROM events WHERE id = p_event FOR NO KEY UPDATE;
    IF v_cap <> -1 THEN
      SELECT coalesce(sum(sold + held), 0) INTO v_taken
        FROM tickets WHERE event_id = p_event AND NOT is_multipart AND deleted_at IS NULL;
      IF v_taken + (SELECT coalesce(sum(q), 0) FROM unnest(p_quantities) AS q) > v_cap THEN
        RETURN false;
      END IF;
    END IF;
  END IF;
  IF v_count > 1 THEN
    SELECT array_agg(l.id ORDER BY l.id), array_agg(l.quantity ORDER BY l.id) INTO v_tickets, v_quantities
      FROM unnest(p_tickets, p_quantities) AS l(id, quantity);
  END IF;
  FOR i IN 1 .. v_count LOOP
    UPDATE tickets SET held = held + v_quantities[i]
     WHERE id = v_tickets[i] AND event_id = p_event AND sold + held + v_quantities[i] <= quantity
       AND is_available AND deleted_at IS NULL AND NOT is_multipart;
    IF NOT FOUND THEN
      IF i > 1 THEN
        UPDATE tickets t SET held = t.held - d.quantity
          FROM unnest(v_tickets[1:i - 1], v_quantities[1:i - 1]) AS d(id, quantity) WHERE t.id = d.id;
      END IF;
      RETURN false;
    END IF;
  END LOOP;
  RETURN true;
END
$$;
