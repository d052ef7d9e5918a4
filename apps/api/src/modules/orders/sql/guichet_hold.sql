-- A paid order's hold in one call, so one round trip (docs/decisions.md, "On-sale path"): a batch
-- of one (guichet_hold_batch, where its argument, its rules and its answers are described).
CREATE OR REPLACE FUNCTION guichet_hold(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN (guichet_hold_batch(jsonb_build_array(p)))[1];
END
$$;
