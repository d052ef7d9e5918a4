-- Participations changed (a scan, a refund, a transfer) move the kept statistics (guichet_event_statistics_changed).
CREATE OR REPLACE TRIGGER participations_statistics_changed
  AFTER UPDATE ON participations REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_event_statistics_changed();
