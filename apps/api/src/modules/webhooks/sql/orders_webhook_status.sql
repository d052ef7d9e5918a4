-- Only a change to paid or refunded calls the function (the WHEN clause costs nothing else).
CREATE OR REPLACE TRIGGER orders_webhook_status
  AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paid', 'refunded'))
  EXECUTE FUNCTION guichet_webhook_order_changed();
