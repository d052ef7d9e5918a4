-- An order written already paid (a free order, a sale at the door).
CREATE OR REPLACE TRIGGER orders_webhook_paid
  AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status = 'paid')
  EXECUTE FUNCTION guichet_webhook_order_changed();
