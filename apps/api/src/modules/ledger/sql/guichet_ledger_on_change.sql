-- Posts the money of the order, refund or payout whose row changed, at the commit of its
-- transaction (the triggers are deferred): an order's lines are written after the order, and the
-- ledger's lock is then the last one the transaction takes.
CREATE OR REPLACE FUNCTION guichet_ledger_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    -- Most orders were posted by their settlement already: one probe, and nothing more.
    WHEN 'orders' THEN
      IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE order_id = NEW.id AND refund_id IS NULL) THEN
        PERFORM guichet_ledger_post_orders(ARRAY[NEW.id]);
      END IF;
    WHEN 'refunds' THEN PERFORM guichet_ledger_post_refund(NEW.id);
    WHEN 'payouts' THEN PERFORM guichet_ledger_post_payout(NEW.id);
  END CASE;
  RETURN NULL;
END
$$;
