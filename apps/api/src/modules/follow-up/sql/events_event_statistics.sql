-- Only a start date's change (guichet_event_statistics_of_event).
CREATE OR REPLACE TRIGGER events_event_statistics
  AFTER UPDATE OF date_begin ON events
  FOR EACH ROW WHEN (OLD.date_begin IS DISTINCT FROM NEW.date_begin)
  EXECUTE FUNCTION guichet_event_statistics_of_event();
