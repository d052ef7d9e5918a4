-- An order deleted takes its use back (guichet_promo_uses_changed).
CREATE OR REPLACE TRIGGER orders_promo_uses_removed
  AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.discount_code_id IS NOT NULL AND OLD.status IN ('paid', 'refund_requested'))
  EXECUTE FUNCTION guichet_promo_uses_changed();
