-- Row by row and only for these columns: the on-sale updates orders by the thousand.
CREATE OR REPLACE TRIGGER orders_event_statistics
  AFTER UPDATE OF paid_at, discount_percent ON orders
  FOR EACH ROW
  WHEN ((OLD.paid_at, OLD.discount_percent) IS DISTINCT FROM (NEW.paid_at, NEW.discount_percent))
  EXECUTE FUNCTION guichet_event_statistics_of_order();
