-- Only a price's change: the on-sale updates tickets' counters all the time (guichet_event_statistics_of_event).
CREATE OR REPLACE TRIGGER tickets_event_statistics
  AFTER UPDATE OF price_cents ON tickets
  FOR EACH ROW WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents)
  EXECUTE FUNCTION guichet_event_statistics_of_event();
