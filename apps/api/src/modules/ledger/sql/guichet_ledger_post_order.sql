-- An order's money once it is paid (docs/decisions.md, "The money ledger"). Online: the tickets
-- after discount are the organiser's (sale), less the commission per ticket at the organiser's
-- rate of the moment, unless the buyer paid the service fee; the fee and the refund option are the
-- platform's. At the door the organiser took the money (door, by method) and owes the commission
-- of a card payment. A free order moves no money. What is due is compared with what was posted for
-- the order, and only the difference is posted: called again (a status changed twice in one
-- transaction), it posts nothing twice. The lines are read at commit: they are written in the
-- order's transaction, after it.
CREATE OR REPLACE FUNCTION guichet_ledger_post_order(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_commission integer := 0;
  v_due record;
BEGIN
  SELECT ord.id, ord.event_id, ord.provider, ord.onsite_payment, ord.status, ord.subtotal_cents,
         ord.insurance_cents, ord.fee_cents, ord.total_cents, ord.discount_percent,
         e.organizer_id, u.commission_rate_bps, u.commission_fixed_cents,
         -- A late payment (owed back without having been paid, then refunded) never sold anything.
         ord.provider <> 'free' AND (ord.status = 'paid' OR (ord.status IN ('refund_requested', 'refunded')
           AND EXISTS (SELECT 1 FROM participations p WHERE p.order_id = ord.id))) AS sold
    INTO o
    FROM orders ord JOIN events e ON e.id = ord.event_id JOIN users u ON u.id = e.organizer_id
   WHERE ord.id = p_order;
  IF NOT FOUND OR NOT o.sold THEN
    RETURN;
  END IF;
  IF o.fee_cents = 0 AND (o.provider <> 'onsite' OR o.onsite_payment = 'card') THEN
    SELECT coalesce(sum(guichet_commission_cents(guichet_discounted_cents(l.unit_price_cents, o.discount_percent),
                                                 o.commission_rate_bps, o.commission_fixed_cents) * l.quantity), 0)::integer
      INTO v_commission
      FROM order_lines l WHERE l.order_id = p_order AND NOT l.is_gift AND l.unit_price_cents > 0;
  END IF;
  FOR v_due IN
    SELECT d.account, d.kind, d.method, d.amount - coalesce(posted.amount, 0) AS delta
      FROM (VALUES
        ('door', 'door_sale', coalesce(o.onsite_payment, 'free'), CASE WHEN o.provider = 'onsite' THEN o.total_cents ELSE 0 END),
        ('organizer', 'sale', o.provider, CASE WHEN o.provider <> 'onsite' THEN o.subtotal_cents ELSE 0 END),
        ('platform', 'fee', o.provider, CASE WHEN o.provider <> 'onsite' THEN o.fee_cents ELSE 0 END),
        ('platform', 'insurance', o.provider, CASE WHEN o.provider <> 'onsite' THEN o.insurance_cents ELSE 0 END),
        ('organizer', 'commission', o.provider, -v_commission),
        ('platform', 'commission', o.provider, v_commission)
      ) AS d(account, kind, method, amount)
      LEFT JOIN LATERAL (SELECT sum(amount_cents)::integer AS amount FROM ledger_entries
                          WHERE order_id = p_order AND refund_id IS NULL
                            AND account = d.account AND kind = d.kind) posted ON true
     WHERE d.amount <> coalesce(posted.amount, 0)
        -- A free door sale is recorded by its method though it moved no money.
        OR (d.kind = 'door_sale' AND o.provider = 'onsite' AND posted.amount IS NULL)
  LOOP
    PERFORM guichet_ledger_post(o.organizer_id, o.event_id, v_due.account, v_due.kind, v_due.delta,
                                v_due.method, p_order);
  END LOOP;
END
$$;
