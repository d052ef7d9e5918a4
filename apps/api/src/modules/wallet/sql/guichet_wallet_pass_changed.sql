-- Wallet passes (docs/decisions.md, "Wallet passes"): a participation refunded, cancelled, given
-- fewer places or another holder shows differently on its pass. Whichever module made the change
-- (orders, refunds, a transfer later), its pass's tag moves and a `wallet_push` job is queued in
-- the same transaction: the devices are told after the commit, by the job runner, never inside a
-- money transaction, and a rolled back refund tells nobody. A participation without a pass costs
-- one primary-key probe. The tag moves to a later second than the pass's version before it: the
-- device asks for the latest pass with If-Modified-Since, whole seconds, and a change in the same
-- second as its copy would otherwise be answered 304.
CREATE OR REPLACE FUNCTION guichet_wallet_pass_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes
     SET updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('second', updated_at) + interval '1 second')
   WHERE participation_id = NEW.id;
  IF FOUND THEN
    INSERT INTO jobs (kind, payload, max_attempts)
    VALUES ('wallet_push', jsonb_build_object('participationId', NEW.id::text), 8);
  END IF;
  RETURN NULL;
END $$;
