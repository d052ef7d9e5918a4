-- A ticket's price after a promo percentage, rounded half up: discountedUnitPriceCents of
-- packages/shared (pricing/rules.ts), which ledger.test.ts compares it with.
CREATE OR REPLACE FUNCTION guichet_discounted_cents(p_price integer, p_percent integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(p_percent, 0) = 0 THEN p_price
              ELSE greatest(0, ((2::bigint * p_price * (100 - p_percent) + 100) / 200)::integer) END
$$;
