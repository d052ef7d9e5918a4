-- Participations deleted move the kept statistics (guichet_event_statistics_changed).
CREATE OR REPLACE TRIGGER participations_statistics_removed
  AFTER DELETE ON participations REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_event_statistics_changed();
