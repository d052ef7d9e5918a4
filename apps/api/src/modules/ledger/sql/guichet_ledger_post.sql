-- Appends one entry. An entry of the organiser's account goes to its stream (the event, or the
-- organiser's own stream when there is none) under the stream's lock, with its position and the
-- stream's sum after it: a balance is then the last entry's sum, read by key whatever the number
-- of sales (docs/decisions.md, "The money ledger"). The lock is a transaction-level advisory lock
-- taken at commit (the posting triggers are deferred), after every row lock of the change, so that
-- it never stands in a circle of waits with them.
CREATE OR REPLACE FUNCTION guichet_ledger_post(
  p_organizer uuid, p_event uuid, p_account text, p_kind text, p_amount integer,
  p_method text DEFAULT NULL, p_order uuid DEFAULT NULL, p_refund uuid DEFAULT NULL,
  p_payout uuid DEFAULT NULL, p_reason text DEFAULT NULL, p_by uuid DEFAULT NULL)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_stream uuid;
  v_seq integer := 0;
  v_balance bigint := 0;
  v_id bigint;
BEGIN
  IF p_account = 'organizer' THEN
    v_stream := coalesce(p_event, p_organizer);
    PERFORM pg_advisory_xact_lock(74201127, hashtext(v_stream::text));
    SELECT stream_seq, stream_balance_cents INTO v_seq, v_balance FROM ledger_entries
     WHERE stream_id = v_stream ORDER BY stream_seq DESC LIMIT 1;
    v_seq := coalesce(v_seq, 0) + 1;
    v_balance := coalesce(v_balance, 0) + p_amount;
  END IF;
  INSERT INTO ledger_entries (organizer_id, event_id, account, kind, amount_cents, method, order_id,
                              refund_id, payout_id, stream_id, stream_seq, stream_balance_cents, reason, created_by)
  VALUES (p_organizer, p_event, p_account, p_kind, p_amount, p_method, p_order, p_refund, p_payout,
          v_stream, CASE WHEN v_stream IS NULL THEN NULL ELSE v_seq END,
          CASE WHEN v_stream IS NULL THEN NULL ELSE v_balance END, p_reason, p_by)
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;
