CREATE OR REPLACE TRIGGER participations_webhook_checkin
  AFTER UPDATE OF entries_used ON participations
  FOR EACH ROW WHEN (NEW.entries_used > OLD.entries_used)
  EXECUTE FUNCTION guichet_webhook_checkin();
