-- Keeps the uses of each promo code (event_promo_uses): an order counts while paid or awaiting a
-- refund, with its discount as charged. Moved by what the order was and is, from its own row
-- alone (triggers orders_promo_uses_*).
CREATE OR REPLACE FUNCTION guichet_promo_uses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_promo_uses AS k (discount_code_id, slot, uses, discount_cents)
  SELECT code, slot, sum(uses), sum(cents) FROM (
    SELECT OLD.discount_code_id AS code, pg_backend_pid() AS slot, -1 AS uses, -OLD.discount_cents::bigint AS cents
     WHERE TG_OP <> 'INSERT' AND OLD.discount_code_id IS NOT NULL AND OLD.status IN ('paid', 'refund_requested')
    UNION ALL
    SELECT NEW.discount_code_id, pg_backend_pid(), 1, NEW.discount_cents::bigint
     WHERE TG_OP <> 'DELETE' AND NEW.discount_code_id IS NOT NULL AND NEW.status IN ('paid', 'refund_requested')) d
   GROUP BY 1, 2 HAVING sum(uses) <> 0 OR sum(cents) <> 0 ORDER BY 1, 2
  ON CONFLICT (discount_code_id, slot) DO UPDATE SET uses = k.uses + excluded.uses, discount_cents = k.discount_cents + excluded.discount_cents;
  RETURN NULL;
END
$$;
