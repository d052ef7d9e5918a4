-- The places owed to the waiting lists (docs/decisions.md, "Waiting list", "Fairness"): of the
-- places free per ticket of p_ids (p_free, in the same order; -1 or 0 when none), those the people
-- still waiting for that ticket would take, min(free, their places), and never more in all than
-- p_room, the event's room under its cap (NULL: no cap). Places back while people wait are
-- theirs: the offer job gives them within its tick, and a buyer on the page may not take them
-- first. Every hold counts them as taken (guichet_hold_counters), the event page and the live
-- places too; the offer itself does not (it is the line).
-- Cost: one probe of waiting_list_next_idx per ticket with places free, reading at most as many
-- entries as places free (each entry waits for one place at least, so that many already owe
-- them all), in the line's order so that the index is the plan whatever the planner thinks of the
-- line's length; a ticket nobody waits for is an empty index range. No counter is kept: the line's
-- rows are the count, read under the same snapshot as the places (after the ticket rows' locks
-- in a hold), and every change of the places or the line takes those rows' locks first
-- (a join locks the event's tickets; an offer, the ticket).
CREATE OR REPLACE FUNCTION guichet_places_owed(p_ids uuid[], p_free integer[], p_room integer)
RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_count integer := coalesce(cardinality(p_ids), 0);
  v_owed integer[] := array_fill(0, ARRAY[coalesce(cardinality(p_ids), 0)]);
  v_room integer := p_room;
  v_bound integer;
  v_one integer;
BEGIN
  FOR i IN 1 .. v_count LOOP
    v_bound := CASE WHEN v_room IS NULL THEN p_free[i] ELSE least(p_free[i], v_room) END;
    CONTINUE WHEN v_bound IS NULL OR v_bound <= 0;
    SELECT least(v_bound, coalesce(sum(w.quantity), 0))::integer INTO v_one
      FROM (SELECT quantity FROM waiting_list_entries
             WHERE ticket_id = p_ids[i] AND status = 'waiting' ORDER BY created_at, id LIMIT v_bound) w;
    v_owed[i] := v_one;
    v_room := v_room - v_one;
  END LOOP;
  RETURN v_owed;
END
$$;
