-- Takes the ledger's locks of several streams (events, or organisers' own streams) in the order of
-- their keys, as guichet_ledger_post takes one: a transaction that posts to several streams takes
-- them here first, so that two of them never wait for each other in a circle.
CREATE OR REPLACE FUNCTION guichet_ledger_lock_streams(p_streams uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT count(pg_advisory_xact_lock(74201127, k))::integer * 0
    FROM (SELECT DISTINCT hashtext(s::text) AS k FROM unnest(p_streams) AS s ORDER BY 1) keys
$$;
