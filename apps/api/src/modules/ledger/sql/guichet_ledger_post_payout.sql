-- A payout's money as its status says (docs/decisions.md, "The money ledger"): requested or batched
-- or paid, its amount is out of the organiser's balance; cancelled, rejected or returned by the
-- bank, it is back. Paid, it left the platform's bank account; returned, it came back. Posting
-- again posts only the difference, so a replayed change posts nothing.
CREATE OR REPLACE FUNCTION guichet_ledger_post_payout(p_payout uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_owed integer;
  v_posted integer;
  v_sent integer;
  v_left integer;
BEGIN
  SELECT id, event_id, organizer_id, amount_cents, status INTO v FROM payouts WHERE id = p_payout;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_owed := CASE WHEN v.status IN ('requested', 'batched', 'paid') THEN -v.amount_cents ELSE 0 END;
  v_sent := CASE WHEN v.status = 'paid' THEN -v.amount_cents ELSE 0 END;
  SELECT coalesce(sum(amount_cents) FILTER (WHERE account = 'organizer'), 0)::integer,
         coalesce(sum(amount_cents) FILTER (WHERE account = 'bank'), 0)::integer
    INTO v_posted, v_left
    FROM ledger_entries WHERE payout_id = p_payout;
  IF v_owed <> v_posted THEN
    PERFORM guichet_ledger_post(v.organizer_id, v.event_id, 'organizer',
                                CASE WHEN v_owed < v_posted THEN 'payout' ELSE 'payout_' || v.status END,
                                v_owed - v_posted, NULL, NULL, NULL, p_payout);
  END IF;
  IF v_sent <> v_left THEN
    PERFORM guichet_ledger_post(v.organizer_id, v.event_id, 'bank',
                                CASE WHEN v_sent < v_left THEN 'payout_paid' ELSE 'payout_returned' END,
                                v_sent - v_left, NULL, NULL, NULL, p_payout);
  END IF;
END
$$;
