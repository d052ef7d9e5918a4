-- The one way the dates' counters move for lines (issue 32, docs/decisions.md "Dates"): every
-- path that moves tickets.sold/held calls it in the same transaction, before the tickets (dates
-- in id order, then tickets in id order: no lock cycle), with the lines it moves (ticket, date
-- or NULL, quantity) and how held and sold move per place (+1 to take, -1 to give back; a
-- settlement is held -1, sold +1). The lines become places per date (guichet_date_lines), moved
-- by guichet_move_dates; false when a take does not fit (nothing taken: the caller takes
-- nothing either). Lines of a one-date event name no date and no date row covers them: nothing
-- is read but their tickets' pass flags, and only when no line names a date.
CREATE OR REPLACE FUNCTION guichet_date_places(p_tickets uuid[], p_dates uuid[], p_quantities integer[],
                                               p_held integer, p_sold integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_dates uuid[];
  v_quantities integer[];
BEGIN
  IF coalesce(cardinality(p_tickets), 0) = 0 THEN RETURN true; END IF;
  IF NOT EXISTS (SELECT 1 FROM unnest(p_dates) AS d WHERE d IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM tickets WHERE id = ANY (p_tickets) AND is_pass) THEN
    RETURN true;
  END IF;
  SELECT l.dates, l.quantities INTO v_dates, v_quantities FROM guichet_date_lines(p_tickets, p_dates, p_quantities) l;
  RETURN guichet_move_dates(v_dates, v_quantities, p_held, p_sold);
END
$$;
