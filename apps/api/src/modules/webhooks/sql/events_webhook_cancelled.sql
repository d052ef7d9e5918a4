CREATE OR REPLACE TRIGGER events_webhook_cancelled
  AFTER UPDATE OF cancelled_at ON events
  FOR EACH ROW WHEN (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL)
  EXECUTE FUNCTION guichet_webhook_event_cancelled();
