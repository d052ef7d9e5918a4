-- The organiser's commission on one ticket sold at p_price (after discount): the percentage rounded
-- half up plus the fixed part, nothing on a free ticket. The same rule as organiserCommissionCents
-- in packages/shared (pricing/rules.ts), which ledger.test.ts compares it with; a null rate is the
-- standard one (STANDARD_COMMISSION there).
CREATE OR REPLACE FUNCTION guichet_commission_cents(p_price integer, p_bps integer, p_fixed integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_price <= 0 THEN 0
              ELSE ((2::bigint * p_price * coalesce(p_bps, 180) + 10000) / 20000)::integer
                   + CASE WHEN p_bps IS NULL THEN 30 ELSE coalesce(p_fixed, 0) END
         END
$$;
