-- See guichet_waiting_list_outcome.sql. The WHEN clause reads only the row: every other order
-- (not made of an offer) costs nothing.
CREATE OR REPLACE TRIGGER orders_waiting_list_outcome
  AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.is_waiting_list_offer AND NEW.status IS DISTINCT FROM OLD.status
                     AND (NEW.status = 'paid' OR OLD.status = 'awaiting_payment'))
  EXECUTE FUNCTION guichet_waiting_list_outcome();
