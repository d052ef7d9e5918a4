-- A refund's money, once it is decided and until it is refused (docs/decisions.md, "The money
-- ledger"). Online, the tickets' part (up to what the order's tickets brought the organiser, net of
-- its earlier refunds) comes off the organiser's balance, below 0 if a payout took it already; the
-- rest (service fee, refund option) is given back by the platform. The commission is kept. A door
-- sale's refund is handed back by the organiser (door). Posting again posts only what changed.
CREATE OR REPLACE FUNCTION guichet_ledger_post_refund(p_refund uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_counted boolean;
  v_ticket_part integer;
  v_entry record;
BEGIN
  SELECT rf.id, rf.status, rf.amount_cents, ord.id AS order_id, ord.event_id, ord.provider,
         ord.onsite_payment, ord.subtotal_cents, e.organizer_id
    INTO r
    FROM refunds rf
    LEFT JOIN participations p ON p.id = rf.participation_id
    JOIN orders ord ON ord.id = coalesce(rf.order_id, p.order_id)
    JOIN events e ON e.id = ord.event_id
   WHERE rf.id = p_refund;
  IF NOT FOUND OR r.provider = 'free' THEN
    RETURN;
  END IF;
  v_counted := CASE WHEN r.provider = 'onsite' THEN r.status = 'manual'
                    ELSE r.status IN ('pending', 'refunding', 'refunded', 'failed') END;
  IF EXISTS (SELECT 1 FROM ledger_entries WHERE refund_id = p_refund) THEN
    IF v_counted THEN
      RETURN;
    END IF;
    -- Decided, then refused after all: each part goes back where it came from.
    FOR v_entry IN
      SELECT account, kind, method, sum(amount_cents)::integer AS amount FROM ledger_entries
       WHERE refund_id = p_refund GROUP BY account, kind, method HAVING sum(amount_cents) <> 0
    LOOP
      PERFORM guichet_ledger_post(r.organizer_id, r.event_id, v_entry.account, v_entry.kind, -v_entry.amount,
                                  v_entry.method, r.order_id, p_refund);
    END LOOP;
    RETURN;
  END IF;
  IF NOT v_counted OR r.amount_cents = 0 THEN
    RETURN;
  END IF;
  IF r.provider = 'onsite' THEN
    PERFORM guichet_ledger_post(r.organizer_id, r.event_id, 'door', 'door_refund', -r.amount_cents,
                                coalesce(r.onsite_payment, 'free'), r.order_id, p_refund);
    RETURN;
  END IF;
  SELECT greatest(0, least(r.amount_cents, r.subtotal_cents + coalesce(sum(amount_cents), 0)))::integer
    INTO v_ticket_part
    FROM ledger_entries WHERE order_id = r.order_id AND account = 'organizer' AND kind = 'refund';
  IF v_ticket_part > 0 THEN
    PERFORM guichet_ledger_post(r.organizer_id, r.event_id, 'organizer', 'refund', -v_ticket_part,
                                r.provider, r.order_id, p_refund);
  END IF;
  IF r.amount_cents > v_ticket_part THEN
    PERFORM guichet_ledger_post(r.organizer_id, r.event_id, 'platform', 'fee_refund', v_ticket_part - r.amount_cents,
                                r.provider, r.order_id, p_refund);
  END IF;
END
$$;
