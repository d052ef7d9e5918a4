CREATE OR REPLACE TRIGGER pass_date_entries_webhook_checkin
  AFTER INSERT OR UPDATE OF entries ON pass_date_entries
  FOR EACH ROW EXECUTE FUNCTION guichet_webhook_pass_checkin();
