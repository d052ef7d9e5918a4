-- The name on a ticket: the buyer's as typed on its order, else (a participation without an order,
-- or an order without a name) the account's. Each is its parts that are set, trimmed and joined by
-- one space: a buyer who typed only a first or a last name is named by that part alone, never
-- completed with the account's other part (which may be someone else's). holderName in
-- orders/holder-name.ts is the same rule for TypeScript; holder-name.test.ts compares them.
-- STABLE, as concat_ws is: declared IMMUTABLE, it could not be inlined into the queries that call
-- it and cost a function call per row (a tenth of a millisecond per scan at the door, issue 34).
CREATE OR REPLACE FUNCTION guichet_holder_name(p_buyer_first text, p_buyer_last text, p_account_first text, p_account_last text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    nullif(concat_ws(' ', nullif(btrim(p_buyer_first), ''), nullif(btrim(p_buyer_last), '')), ''),
    concat_ws(' ', nullif(btrim(p_account_first), ''), nullif(btrim(p_account_last), '')))
$$;
