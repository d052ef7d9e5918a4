-- An order's money, once, when it is paid (docs/decisions.md, "The money ledger"). Online: the
-- tickets after discount are the organiser's (sale), less the commission per ticket at the
-- organiser's rate of the moment, unless the buyer paid the service fee; the fee and the refund
-- option are the platform's. At the door the organiser took the money (door, by method) and owes
-- the commission of a card payment. A free order moves no money.
CREATE OR REPLACE FUNCTION guichet_ledger_post_order(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_commission integer;
BEGIN
  SELECT ord.id, ord.event_id, ord.provider, ord.onsite_payment, ord.status, ord.subtotal_cents,
         ord.insurance_cents, ord.fee_cents, ord.total_cents, ord.discount_percent,
         e.organizer_id, u.commission_rate_bps, u.commission_fixed_cents
    INTO o
    FROM orders ord JOIN events e ON e.id = ord.event_id JOIN users u ON u.id = e.organizer_id
   WHERE ord.id = p_order;
  IF NOT FOUND OR o.status NOT IN ('paid', 'refund_requested', 'refunded') OR o.provider = 'free'
     OR EXISTS (SELECT 1 FROM ledger_entries WHERE order_id = p_order AND kind IN ('sale', 'door_sale')) THEN
    RETURN;
  END IF;
  -- A late payment (owed back without having been paid, then refunded) never sold anything.
  IF o.status <> 'paid' AND NOT EXISTS (SELECT 1 FROM participations WHERE order_id = p_order) THEN
    RETURN;
  END IF;
  SELECT coalesce(sum(guichet_commission_cents(
           guichet_discounted_cents(l.unit_price_cents, o.discount_percent),
           o.commission_rate_bps, o.commission_fixed_cents) * l.quantity), 0)::integer
    INTO v_commission
    FROM order_lines l WHERE l.order_id = p_order AND NOT l.is_gift AND l.unit_price_cents > 0;
  IF o.fee_cents > 0 OR (o.provider = 'onsite' AND o.onsite_payment IS DISTINCT FROM 'card') THEN
    v_commission := 0;
  END IF;
  IF o.provider = 'onsite' THEN
    PERFORM guichet_ledger_post(o.organizer_id, o.event_id, 'door', 'door_sale', o.total_cents,
                                coalesce(o.onsite_payment, 'free'), p_order);
  ELSE
    PERFORM guichet_ledger_post(o.organizer_id, o.event_id, 'organizer', 'sale', o.subtotal_cents, o.provider, p_order);
    IF o.fee_cents > 0 THEN
      PERFORM guichet_ledger_post(o.organizer_id, o.event_id, 'platform', 'fee', o.fee_cents, o.provider, p_order);
    END IF;
    IF o.insurance_cents > 0 THEN
      PERFORM guichet_ledger_post(o.organizer_id, o.event_id, 'platform', 'insurance', o.insurance_cents, o.provider, p_order);
    END IF;
  END IF;
  IF v_commission > 0 THEN
    PERFORM guichet_ledger_post(o.organizer_id, o.event_id, 'organizer', 'commission', -v_commission, o.provider, p_order);
    PERFORM guichet_ledger_post(o.organizer_id, o.event_id, 'platform', 'commission', v_commission, o.provider, p_order);
  END IF;
END
$$;
