-- Paid orders' money, posted once per order and in one statement for many (docs/decisions.md, "The
-- money ledger"). Online: the tickets after discount are the organiser's (sale), less the
-- commission per ticket at the organiser's rate of the moment, unless the buyer paid the service
-- fee; the fee and the refund option are the platform's. At the door the organiser took the money
-- (door, by method) and owes the commission of a card payment. A free order moves no money; a late
-- payment (owed back, never paid) sold nothing. The batched settlement posts its orders here, in
-- set, as its last step; the orders' trigger then finds them posted.
CREATE OR REPLACE FUNCTION guichet_ledger_post_orders(p_orders uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_ledger_lock_streams(ARRAY(SELECT DISTINCT event_id FROM orders WHERE id = ANY (p_orders)));
  WITH sold AS (
    SELECT o.id, o.event_id, o.provider, coalesce(o.onsite_payment, 'free') AS onsite, o.subtotal_cents,
           o.insurance_cents, o.fee_cents, o.total_cents, e.organizer_id,
           CASE WHEN o.fee_cents = 0 AND (o.provider <> 'onsite' OR o.onsite_payment = 'card') THEN
             (SELECT coalesce(sum(guichet_commission_cents(guichet_discounted_cents(l.unit_price_cents, o.discount_percent),
                                                           u.commission_rate_bps, u.commission_fixed_cents) * l.quantity), 0)
                FROM order_lines l WHERE l.order_id = o.id AND NOT l.is_gift AND l.unit_price_cents > 0)
           ELSE 0 END::integer AS commission
      FROM orders o JOIN events e ON e.id = o.event_id JOIN users u ON u.id = e.organizer_id
     WHERE o.id = ANY (p_orders) AND o.provider <> 'free'
       AND (o.status = 'paid' OR (o.status IN ('refund_requested', 'refunded')
                                  AND EXISTS (SELECT 1 FROM participations p WHERE p.order_id = o.id)))
       -- Probed by the order's index (OFFSET 0 keeps it a probe): as an anti-join, the settlement's
       -- one generic plan, made while the ledger was nearly empty, read the whole ledger at each call.
       AND NOT EXISTS (SELECT 1 FROM ledger_entries le WHERE le.order_id = o.id AND le.refund_id IS NULL OFFSET 0)
  ), due AS (
    SELECT s.organizer_id, s.event_id, s.id AS order_id, d.account, d.kind, d.method, d.amount, d.n
      FROM sold s CROSS JOIN LATERAL (VALUES
        ('door', 'door_sale', s.onsite, CASE WHEN s.provider = 'onsite' THEN s.total_cents END, 1),
        ('organizer', 'sale', s.provider, CASE WHEN s.provider <> 'onsite' THEN s.subtotal_cents END, 2),
        ('platform', 'fee', s.provider, CASE WHEN s.provider <> 'onsite' AND s.fee_cents > 0 THEN s.fee_cents END, 3),
        ('platform', 'insurance', s.provider,
         CASE WHEN s.provider <> 'onsite' AND s.insurance_cents > 0 THEN s.insurance_cents END, 4),
        ('organizer', 'commission', s.provider, CASE WHEN s.commission > 0 THEN -s.commission END, 5),
        ('platform', 'commission', s.provider, CASE WHEN s.commission > 0 THEN s.commission END, 6)
      ) AS d(account, kind, method, amount, n)
     WHERE d.amount IS NOT NULL
  ), heads AS (
    SELECT s.event_id, coalesce(h.seq, 0) AS seq, coalesce(h.balance, 0) AS balance
      FROM (SELECT DISTINCT event_id FROM due) s
      LEFT JOIN LATERAL (SELECT stream_seq AS seq, stream_balance_cents AS balance FROM ledger_entries
                          WHERE stream_id = s.event_id ORDER BY stream_seq DESC LIMIT 1) h ON true
  )
  INSERT INTO ledger_entries (organizer_id, event_id, account, kind, amount_cents, method, order_id,
                              stream_id, stream_seq, stream_balance_cents)
  SELECT d.organizer_id, d.event_id, d.account, d.kind, d.amount, d.method, d.order_id,
         CASE WHEN d.account = 'organizer' THEN d.event_id END,
         CASE WHEN d.account = 'organizer' THEN
           h.seq + row_number() OVER (PARTITION BY d.account = 'organizer', d.event_id ORDER BY d.order_id, d.n) END,
         CASE WHEN d.account = 'organizer' THEN
           h.balance + sum(d.amount) OVER (PARTITION BY d.account = 'organizer', d.event_id ORDER BY d.order_id, d.n
                                           ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) END
    FROM due d JOIN heads h ON h.event_id = d.event_id;
END
$$;
