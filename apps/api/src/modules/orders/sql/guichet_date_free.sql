-- The places a date has left for a hold (issue 32): -1 once cancelled, a number no hold reaches
-- when it has no capacity of its own.
CREATE OR REPLACE FUNCTION guichet_date_free(p_capacity integer, p_sold integer, p_held integer,
                                             p_cancelled_at timestamptz)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_cancelled_at IS NOT NULL THEN -1 WHEN p_capacity IS NULL THEN 2147483647
              ELSE p_capacity - p_sold - p_held END
$$;
