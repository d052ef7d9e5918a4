-- Only orders with a promo code, and only when what counts changes: the on-sale updates orders by the thousand.
CREATE OR REPLACE TRIGGER orders_promo_uses_changed
  AFTER UPDATE OF status, discount_code_id, discount_cents ON orders
  FOR EACH ROW
  WHEN ((OLD.discount_code_id IS NOT NULL OR NEW.discount_code_id IS NOT NULL)
        AND (OLD.status, OLD.discount_code_id, OLD.discount_cents) IS DISTINCT FROM (NEW.status, NEW.discount_code_id, NEW.discount_cents))
  EXECUTE FUNCTION guichet_promo_uses_changed();
