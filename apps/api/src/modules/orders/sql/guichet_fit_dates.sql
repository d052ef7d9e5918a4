-- Whether a hold's places per date fit what its dates have left (guichet_hold_batch): p_free
-- holds the places left per date of p_ids (-1: cancelled; a large number: no capacity). Returns
-- what is left once they are taken, or NULL when any date does not fit.
CREATE OR REPLACE FUNCTION guichet_fit_dates(p_free integer[], p_ids uuid[], p_dates uuid[], p_quantities integer[])
RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_free integer[] := p_free;
  v_at integer;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_dates), 0) LOOP
    v_at := array_position(p_ids, p_dates[i]);
    IF v_at IS NULL OR v_free[v_at] < p_quantities[i] THEN RETURN NULL; END IF;
    v_free[v_at] := v_free[v_at] - p_quantities[i];
  END LOOP;
  RETURN v_free;
END
$$;
