-- Whether a hold's places fit what is left (guichet_hold_batch): p_free holds the places left
-- per ticket of p_ids, then the event's room under its cap as its last element. Returns what is
-- left once they are taken, or NULL when any line, or the whole under the cap, does not fit
-- (all or none, as guichet_take_places).
CREATE OR REPLACE FUNCTION guichet_fit_places(p_free integer[], p_ids uuid[], p_tickets uuid[], p_quantities integer[])
RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_free integer[] := p_free;
  v_room integer := cardinality(p_free);
  v_at integer;
BEGIN
  IF coalesce(cardinality(p_tickets), 0) = 0 THEN RETURN NULL; END IF;
  FOR i IN 1 .. cardinality(p_tickets) LOOP
    v_at := array_position(p_ids, p_tickets[i]);
    IF v_at IS NULL OR p_quantities[i] IS NULL OR p_quantities[i] < 1 OR v_free[v_at] < p_quantities[i] THEN
      RETURN NULL;
    END IF;
    v_free[v_at] := v_free[v_at] - p_quantities[i];
    v_free[v_room] := v_free[v_room] - p_quantities[i];
  END LOOP;
  IF v_free[v_room] < 0 THEN RETURN NULL; END IF;
  RETURN v_free;
END
$$;
