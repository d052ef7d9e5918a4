-- The ledger's entries for the orders row that changed, at commit (guichet_ledger_on_change).
CREATE CONSTRAINT TRIGGER orders_ledger
  AFTER INSERT OR UPDATE OF status ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status IN ('paid', 'refunded'))
  EXECUTE FUNCTION guichet_ledger_on_change();
