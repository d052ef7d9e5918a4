-- Participations sold or issued move the kept statistics (guichet_event_statistics_changed).
CREATE OR REPLACE TRIGGER participations_statistics_added
  AFTER INSERT ON participations REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_event_statistics_changed();
