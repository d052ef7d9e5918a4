-- The money moved before the ledger existed, posted once as the ledger's triggers post it now
-- (apps/api/src/modules/ledger/sql): the same amounts, at the time each movement happened, and each
-- stream's positions and running sums in that order. The commission is taken at the organiser's
-- current rate, as the payout balance took it until now. Nothing is posted on a database that
-- already has entries.
CREATE TEMPORARY TABLE ledger_history (
  organizer_id uuid, event_id uuid, account text, kind text, amount_cents integer, method text,
  order_id uuid, refund_id uuid, payout_id uuid, at timestamptz, n integer
) ON COMMIT DROP;
--> statement-breakpoint
INSERT INTO ledger_history
WITH sold AS (
  SELECT o.*, e.organizer_id,
         coalesce((SELECT sum(
                     CASE WHEN d.price <= 0 THEN 0
                          ELSE (2::bigint * d.price * coalesce(u.commission_rate_bps, 180) + 10000) / 20000
                               + CASE WHEN u.commission_rate_bps IS NULL THEN 30 ELSE u.commission_fixed_cents END
                     END * l.quantity)
                     FROM order_lines l
                     CROSS JOIN LATERAL (SELECT CASE WHEN coalesce(o.discount_percent, 0) = 0 THEN l.unit_price_cents
                                                     ELSE greatest(0, (2::bigint * l.unit_price_cents * (100 - o.discount_percent) + 100) / 200)::integer
                                                END AS price) d
                    WHERE l.order_id = o.id AND NOT l.is_gift AND l.unit_price_cents > 0), 0)::integer AS commission
    FROM orders o JOIN events e ON e.id = o.event_id JOIN users u ON u.id = e.organizer_id
   WHERE o.provider <> 'free'
     AND (o.status = 'paid' OR (o.status IN ('refund_requested', 'refunded')
                                AND EXISTS (SELECT 1 FROM participations p WHERE p.order_id = o.id)))
     AND NOT EXISTS (SELECT 1 FROM ledger_entries)
)
SELECT organizer_id, event_id, x.account, x.kind, x.amount, x.method, id, NULL::uuid, NULL::uuid,
       coalesce(paid_at, created_at), x.n
  FROM sold CROSS JOIN LATERAL (VALUES
    ('door', 'door_sale', CASE WHEN provider = 'onsite' THEN total_cents END, coalesce(onsite_payment, 'free'), 1),
    ('organizer', 'sale', CASE WHEN provider <> 'onsite' THEN subtotal_cents END, provider, 2),
    ('platform', 'fee', CASE WHEN provider <> 'onsite' AND fee_cents > 0 THEN fee_cents END, provider, 3),
    ('platform', 'insurance', CASE WHEN provider <> 'onsite' AND insurance_cents > 0 THEN insurance_cents END, provider, 4),
    ('organizer', 'commission', -commission, provider, 5),
    ('platform', 'commission', commission, provider, 6)
  ) AS x(account, kind, amount, method, n)
 WHERE x.amount IS NOT NULL
   AND (x.kind <> 'commission' OR (commission > 0 AND fee_cents = 0
                                   AND (provider <> 'onsite' OR onsite_payment = 'card')));
--> statement-breakpoint
INSERT INTO ledger_history
WITH counted AS (
  SELECT r.id, r.amount_cents, coalesce(r.refunded_at, r.created_at) AS at, o.id AS order_id, o.event_id,
         o.provider, o.onsite_payment, o.subtotal_cents, e.organizer_id,
         sum(r.amount_cents) OVER (PARTITION BY o.id ORDER BY r.created_at, r.id) AS running
    FROM refunds r
    LEFT JOIN participations p ON p.id = r.participation_id
    JOIN orders o ON o.id = coalesce(r.order_id, p.order_id)
    JOIN events e ON e.id = o.event_id
   WHERE o.provider <> 'free' AND r.amount_cents > 0
     AND CASE WHEN o.provider = 'onsite' THEN r.status = 'manual'
              ELSE r.status IN ('pending', 'refunding', 'refunded', 'failed') END
     AND NOT EXISTS (SELECT 1 FROM ledger_entries)
), parts AS (
  SELECT *, least(running, subtotal_cents) - least(running - amount_cents, subtotal_cents) AS ticket_part FROM counted
)
SELECT organizer_id, event_id, x.account, x.kind, x.amount, x.method, order_id, id, NULL::uuid, at, x.n
  FROM parts CROSS JOIN LATERAL (VALUES
    ('door', 'door_refund', CASE WHEN provider = 'onsite' THEN -amount_cents END, coalesce(onsite_payment, 'free'), 1),
    ('organizer', 'refund', CASE WHEN provider <> 'onsite' AND ticket_part > 0 THEN -ticket_part END, provider, 2),
    ('platform', 'fee_refund', CASE WHEN provider <> 'onsite' AND amount_cents > ticket_part THEN ticket_part - amount_cents END, provider, 3)
  ) AS x(account, kind, amount, method, n)
 WHERE x.amount IS NOT NULL;
--> statement-breakpoint
INSERT INTO ledger_history
SELECT p.organizer_id, p.event_id, x.account, x.kind, x.amount, NULL, NULL, NULL, p.id, x.at, x.n
  FROM payouts p CROSS JOIN LATERAL (VALUES
    ('organizer', 'payout', -p.amount_cents, p.created_at, 1),
    ('organizer', 'payout_' || p.status,
     CASE WHEN p.status IN ('cancelled', 'rejected', 'returned') THEN p.amount_cents END, coalesce(p.decided_at, p.created_at), 2),
    ('bank', 'payout_paid', CASE WHEN p.status IN ('paid', 'returned') THEN -p.amount_cents END, coalesce(p.decided_at, p.created_at), 3),
    ('bank', 'payout_returned', CASE WHEN p.status = 'returned' THEN p.amount_cents END, coalesce(p.returned_at, p.created_at), 4)
  ) AS x(account, kind, amount, at, n)
 WHERE x.amount IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_entries);
--> statement-breakpoint
INSERT INTO ledger_entries (organizer_id, event_id, account, kind, amount_cents, method, order_id, refund_id,
                            payout_id, stream_id, stream_seq, stream_balance_cents, created_at)
SELECT organizer_id, event_id, account, kind, amount_cents, method, order_id, refund_id, payout_id,
       CASE WHEN account = 'organizer' THEN coalesce(event_id, organizer_id) END,
       CASE WHEN account = 'organizer' THEN
         row_number() OVER (PARTITION BY account = 'organizer', coalesce(event_id, organizer_id)
                            ORDER BY at, order_id, refund_id, payout_id, n)::integer END,
       CASE WHEN account = 'organizer' THEN
         sum(amount_cents) OVER (PARTITION BY account = 'organizer', coalesce(event_id, organizer_id)
                                 ORDER BY at, order_id, refund_id, payout_id, n
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) END,
       at
  FROM ledger_history
 ORDER BY at, n;
