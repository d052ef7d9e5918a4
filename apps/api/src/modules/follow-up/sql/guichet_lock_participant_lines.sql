-- Locks rows of the participants list until the transaction ends, in key order (so that two
-- transactions locking several never wait for each other in a circle). 2024 is this lock's class:
-- the other advisory locks of the database use the one-argument form.
CREATE OR REPLACE FUNCTION guichet_lock_participant_lines(p_keys text[]) RETURNS void
  LANGUAGE sql AS $$
  SELECT count(pg_advisory_xact_lock(2024, hashtext(k))) FROM (SELECT DISTINCT k FROM unnest(p_keys) k ORDER BY k) keys
$$;
