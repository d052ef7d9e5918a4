-- Locks rows of the participants list until the transaction ends. A few rows (a sale, a scan, a
-- refund) are locked one by one, in key order (so that two transactions locking several never
-- wait for each other in a circle), each holder also sharing the list's lock. Many rows at once (an
-- event cancelled, a file of invitations, the rows computed at a migration) take the list's lock
-- alone and exclusively: one lock per row would outgrow the server's lock table (50,000 rows ran
-- out of shared memory, max_locks_per_transaction). Class 2024 is the list's lock, 2025 a row's;
-- the other advisory locks of the database use the one-argument form.
CREATE OR REPLACE FUNCTION guichet_lock_participant_lines(p_keys text[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_keys) > 256 THEN
    PERFORM pg_advisory_xact_lock(2024, 0);
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(2024, 0);
  PERFORM count(pg_advisory_xact_lock(2025, hashtext(k)))
     FROM (SELECT DISTINCT k FROM unnest(p_keys) k ORDER BY k) keys;
END
$$;
