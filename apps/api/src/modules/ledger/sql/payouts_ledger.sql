-- The ledger's entries for the payouts row that changed, at commit (guichet_ledger_on_change).
CREATE CONSTRAINT TRIGGER payouts_ledger
  AFTER INSERT OR UPDATE OF status ON payouts
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW 
  EXECUTE FUNCTION guichet_ledger_on_change();
