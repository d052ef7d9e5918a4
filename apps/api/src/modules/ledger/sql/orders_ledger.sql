-- The ledger's entries for the orders row that changed, at commit (guichet_ledger_on_change); not
-- for the orders a settlement pays, which it posts itself in one statement (guichet_settle_held).
CREATE CONSTRAINT TRIGGER orders_ledger
  AFTER INSERT OR UPDATE OF status ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status IN ('paid', 'refunded')
                     AND current_setting('guichet.ledger_posted_by', true) IS DISTINCT FROM 'settlement')
  EXECUTE FUNCTION guichet_ledger_on_change();
