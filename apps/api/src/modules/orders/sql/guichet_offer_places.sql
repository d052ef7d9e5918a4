-- Places that came back to a sold-out ticket, kept for the first people of its waiting list
-- (docs/decisions.md, "Waiting list"). Lock order of every path: the event (when capped), then
-- the ticket row, so the places free are counted once nobody else can take them. Free places
-- are the ticket's quantity less sold and held (a hold past its deadline still counts until
-- reclaimed: the offer is never made of places a late payment may take back) and, on a capped
-- event, what the cap leaves. The people still waiting are read in join order, skipping any
-- entry another transaction holds, so two offers at once never pick one person twice; each gets
-- min(their quantity, places left) and the places are added to `held` in one update, last.
-- Answers the entries picked and their places; the caller writes each one's order and offer in
-- the same transaction. A ticket for one date of an event of several (issue 32) has a line per
-- date: p_date names it, its free places are the fewest of the ticket's and the date's, and the
-- places are held on that date too; NULL is the line of a pass or of a one-date event's ticket.
CREATE OR REPLACE FUNCTION guichet_offer_places(p_ticket uuid, p_date uuid, p_limit integer)
RETURNS TABLE (entry_id uuid, user_id uuid, quantity integer) LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid;
  v_cap integer;
  v_free integer;
  v_taken integer;
  v_total integer := 0;
  v_entry record;
  v_pass_left integer;
BEGIN
  SELECT t.event_id, e.nb_max_participants INTO v_event, v_cap
    FROM tickets t JOIN events e ON e.id = t.event_id
   WHERE t.id = p_ticket AND t.deleted_at IS NULL AND e.deleted_at IS NULL AND e.cancelled_at IS NULL;
  IF NOT FOUND THEN RETURN; END IF;
  IF v_cap <> -1 THEN
    PERFORM 1 FROM events WHERE id = v_event FOR NO KEY UPDATE;
  END IF;
  -- A pass (issue 32) is bounded by each date it covers too, their rows locked before the ticket's.
  -- A date's line is bounded by its date the same way.
  SELECT min(guichet_date_free(d.capacity, d.sold, d.held, d.cancelled_at)) INTO v_pass_left
    FROM (SELECT ed.capacity, ed.sold, ed.held, ed.cancelled_at FROM event_dates ed
           WHERE ed.id = ANY ((guichet_date_lines(ARRAY[p_ticket], ARRAY[p_date], ARRAY[1])).dates)
           ORDER BY ed.id FOR NO KEY UPDATE) d;
  SELECT CASE WHEN t.is_available AND NOT t.is_multipart THEN t.quantity - t.sold - t.held ELSE 0 END
    INTO v_free FROM tickets t WHERE t.id = p_ticket FOR NO KEY UPDATE;
  IF v_pass_left IS NOT NULL THEN v_free := least(v_free, v_pass_left); END IF;
  IF v_cap <> -1 THEN
    SELECT coalesce(sum(sold + held), 0) INTO v_taken
      FROM tickets WHERE event_id = v_event AND NOT is_multipart AND deleted_at IS NULL;
    v_free := least(v_free, v_cap - v_taken);
  END IF;
  IF v_free <= 0 THEN RETURN; END IF;
  FOR v_entry IN
    SELECT w.id, w.user_id, w.quantity FROM waiting_list_entries w
     WHERE w.ticket_id = p_ticket AND w.status = 'waiting' AND w.date_id IS NOT DISTINCT FROM p_date
     ORDER BY w.created_at, w.id
     LIMIT least(v_free, p_limit)
     FOR UPDATE SKIP LOCKED
  LOOP
    EXIT WHEN v_free <= 0;
    entry_id := v_entry.id;
    user_id := v_entry.user_id;
    quantity := least(v_entry.quantity, v_free);
    v_free := v_free - quantity;
    v_total := v_total + quantity;
    RETURN NEXT;
  END LOOP;
  IF v_total > 0 THEN
    PERFORM guichet_date_places(ARRAY[p_ticket], ARRAY[p_date], ARRAY[v_total], 1, 0);
    UPDATE tickets SET held = held + v_total WHERE id = p_ticket;
  END IF;
END
$$;
