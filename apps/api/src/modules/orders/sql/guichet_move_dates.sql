-- The dates' counters move here and only here (issue 32): places per date (p_dates in id order,
-- as guichet_date_lines gives them), held and sold moved by p_held and p_sold per place. A take
-- (more places taken) is a conditional UPDATE per date: a cancelled date or one whose capacity
-- would be passed takes nothing, the dates taken before are given back and the answer is false;
-- a capacity of NULL is counted, not bounded. A give-back never goes below 0.
CREATE OR REPLACE FUNCTION guichet_move_dates(p_dates uuid[], p_quantities integer[], p_held integer, p_sold integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_take boolean := p_held + p_sold > 0;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_dates), 0) LOOP
    CONTINUE WHEN p_quantities[i] = 0;
    UPDATE event_dates
       SET held = greatest(held + p_held * p_quantities[i], 0), sold = greatest(sold + p_sold * p_quantities[i], 0)
     WHERE id = p_dates[i]
       AND (NOT v_take OR (cancelled_at IS NULL
            AND (capacity IS NULL OR sold + held + (p_held + p_sold) * p_quantities[i] <= capacity)));
    IF NOT FOUND AND v_take THEN
      IF i > 1 THEN
        UPDATE event_dates d SET held = d.held - p_held * x.quantity, sold = d.sold - p_sold * x.quantity
          FROM unnest(p_dates[1:i - 1], p_quantities[1:i - 1]) AS x(id, quantity) WHERE d.id = x.id;
      END IF;
      RETURN false;
    END IF;
  END LOOP;
  RETURN true;
END
$$;
