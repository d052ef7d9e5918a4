-- The ledger's entries for the refunds row that changed, at commit (guichet_ledger_on_change).
CREATE CONSTRAINT TRIGGER refunds_ledger
  AFTER INSERT OR UPDATE OF status ON refunds
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW 
  EXECUTE FUNCTION guichet_ledger_on_change();
