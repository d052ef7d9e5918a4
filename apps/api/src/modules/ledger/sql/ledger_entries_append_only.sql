-- Every change of a written entry is refused (guichet_ledger_append_only).
CREATE OR REPLACE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION guichet_ledger_append_only();
