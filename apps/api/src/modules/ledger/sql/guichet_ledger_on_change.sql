-- Posts the money of the order, refund or payout whose row changed, at the commit of its
-- transaction (the triggers are deferred): an order's lines are written after the order, and the
-- ledger's lock is then the last one the transaction takes.
CREATE OR REPLACE FUNCTION guichet_ledger_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'orders' THEN PERFORM guichet_ledger_post_order(NEW.id);
    WHEN 'refunds' THEN PERFORM guichet_ledger_post_refund(NEW.id);
    WHEN 'payouts' THEN PERFORM guichet_ledger_post_payout(NEW.id);
  END CASE;
  RETURN NULL;
END
$$;
