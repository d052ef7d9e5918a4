-- An order placed already paid with a promo code (a door sale) counts a use (guichet_promo_uses_changed).
CREATE OR REPLACE TRIGGER orders_promo_uses_added
  AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.discount_code_id IS NOT NULL AND NEW.status IN ('paid', 'refund_requested'))
  EXECUTE FUNCTION guichet_promo_uses_changed();
