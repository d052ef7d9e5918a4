-- Locks these accounts' statistics until the transaction ends (their birth date, their holdings at
-- an organiser's events: whether they are holders and regulars), in order, so that two
-- transactions locking several never wait for each other in a circle; each holder also shares the
-- lock of all accounts. Many accounts at once (a seed, an event's places cancelled in one
-- statement) take that lock alone and exclusively: one lock per account would outgrow the
-- server's lock table, as the participants list's did (guichet_lock_participant_lines). Class
-- 2027 is all accounts' lock, 2028 an account's.
CREATE OR REPLACE FUNCTION guichet_lock_statistics_accounts(p_users uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_users), 0) = 0 THEN RETURN; END IF;
  IF cardinality(p_users) > 256 THEN
    PERFORM pg_advisory_xact_lock(2027, 0);
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(2027, 0);
  PERFORM count(pg_advisory_xact_lock(2028, hashtext(u::text)))
     FROM (SELECT DISTINCT u FROM unnest(p_users) u ORDER BY 1) accounts;
END
$$;
