-- guichet_take_places for lines that may name dates (issue 32): the event's lock first when it
-- is capped (the order of every path: event, dates, tickets), then the dates' places
-- (guichet_date_places), then the tickets'; all or nothing.
CREATE OR REPLACE FUNCTION guichet_take_dated_places(p_event uuid, p_tickets uuid[], p_dates uuid[],
                                                     p_quantities integer[])
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM events WHERE id = p_event AND nb_max_participants <> -1 FOR NO KEY UPDATE;
  IF NOT guichet_date_places(p_tickets, p_dates, p_quantities, 1, 0) THEN RETURN false; END IF;
  IF guichet_take_places(p_event, p_tickets, p_quantities) THEN RETURN true; END IF;
  PERFORM guichet_date_places(p_tickets, p_dates, p_quantities, -1, 0);
  RETURN false;
END
$$;
