-- The places owed to the waiting lists (docs/decisions.md, "Waiting list", "Fairness"): of the
-- places free per ticket of p_ids (p_free, in the same order; -1 or 0 when none), those the people
-- still waiting for that ticket would take, min(free, their places), and never more in all than
-- p_room, the event's room under its cap (NULL: no cap). Places back while people wait are
-- theirs: the offer job gives them within its tick, and a buyer on the page may not take them
-- first. Every hold counts them as taken (guichet_hold_counters), the event page and the live
-- places too; the offer itself does not (it is the line).
-- An event of several dates (issue 32; p_date_ids its dates in id order, p_date_free the places
-- each has left as guichet_date_free counts them, NULL for a one-date event): a ticket for one
-- date has a line per date, owed min(the ticket's places free, the date's, that line's places),
-- so that a date's places back are owed to that date's line only and a line never holds another
-- date's places; they count as taken on the date too (`date_owed`, per date of p_date_ids). A pass's
-- line, and a one-date event's, wait for no date: bounded by the ticket (and the cap) as before.
-- Answers the places owed per ticket (`ticket_owed`, in p_ids' order) and per date (`date_owed`).
-- Cost: one probe per line with places free (a dated ticket's lines are its own dates' only), reading at most as many entries as places free
-- (each entry waits for one place at least, so that many already owe them all), in the line's
-- order so that the index is the plan whatever the planner thinks of the line's length
-- (waiting_list_next_idx, a date's waiting_list_next_of_date_idx); a line nobody waits in is an
-- empty index range (asked first, so that a ticket nobody waits for costs that one probe whatever
-- its dates), a full date is not read. No counter is kept: the line's rows are the count,
-- read under the same snapshot as the places (after the dates' and the tickets' locks in a hold),
-- and every change of the places or the line takes those rows' locks first (a join locks the
-- event's tickets and its date; an offer, the date and the ticket).
CREATE OR REPLACE FUNCTION guichet_places_owed(p_ids uuid[], p_free integer[], p_room integer,
                                               p_date_ids uuid[], p_date_free integer[],
                                               OUT ticket_owed integer[], OUT date_owed integer[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_count integer := coalesce(cardinality(p_ids), 0);
  v_date_count integer := coalesce(cardinality(p_date_ids), 0);
  v_date_left integer[] := p_date_free;
  v_room integer := p_room;
  v_left integer;
  v_bound integer;
  v_one integer;
  v_pass boolean; -- waits for no date: a pass, or any ticket of a one-date event
  v_own_dates uuid[]; -- a dated ticket's own dates (ticket_dates); NULL: every date
BEGIN
  ticket_owed := array_fill(0, ARRAY[v_count]);
  date_owed := array_fill(0, ARRAY[v_date_count]);
  FOR i IN 1 .. v_count LOOP
    v_left := p_free[i];
    CONTINUE WHEN v_left IS NULL OR v_left <= 0;
    -- Nobody waits for the ticket: one empty index range, whatever its dates.
    PERFORM 1 FROM (SELECT w.id FROM waiting_list_entries w WHERE w.ticket_id = p_ids[i] AND w.status = 'waiting'
                     ORDER BY w.created_at, w.id LIMIT 1) w;
    CONTINUE WHEN NOT FOUND;
    v_pass := true;
    v_own_dates := NULL;
    IF v_date_count > 0 THEN
      SELECT t.is_pass, (SELECT array_agg(td.date_id) FROM ticket_dates td WHERE td.ticket_id = t.id)
        INTO v_pass, v_own_dates
        FROM tickets t WHERE t.id = p_ids[i];
    END IF;
    IF v_pass THEN
      -- LEAST ignores a NULL room (no cap).
      v_bound := least(v_left, v_room);
      CONTINUE WHEN v_bound <= 0;
      SELECT least(v_bound, coalesce(sum(w.quantity), 0))::integer INTO v_one
        FROM (SELECT quantity FROM waiting_list_entries
               WHERE ticket_id = p_ids[i] AND status = 'waiting' AND date_id IS NULL
               ORDER BY created_at, id LIMIT v_bound) w;
      ticket_owed[i] := v_one;
      v_room := v_room - v_one;
      CONTINUE;
    END IF;
    FOR j IN 1 .. v_date_count LOOP
      -- A ticket sold for some dates only has no line on the others.
      CONTINUE WHEN v_own_dates IS NOT NULL AND NOT p_date_ids[j] = ANY (v_own_dates);
      v_bound := least(v_left, v_date_left[j], v_room);
      CONTINUE WHEN v_bound <= 0;
      SELECT least(v_bound, coalesce(sum(w.quantity), 0))::integer INTO v_one
        FROM (SELECT quantity FROM waiting_list_entries
               WHERE ticket_id = p_ids[i] AND date_id = p_date_ids[j] AND status = 'waiting'
               ORDER BY created_at, id LIMIT v_bound) w;
      CONTINUE WHEN v_one = 0;
      ticket_owed[i] := ticket_owed[i] + v_one;
      date_owed[j] := date_owed[j] + v_one;
      v_date_left[j] := v_date_left[j] - v_one;
      v_left := v_left - v_one;
      v_room := v_room - v_one;
    END LOOP;
  END LOOP;
END
$$;
