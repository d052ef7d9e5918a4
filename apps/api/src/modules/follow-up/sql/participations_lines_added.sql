-- Participations sold or issued bring the participants list's rows along (guichet_participant_lines_changed).
CREATE OR REPLACE TRIGGER participations_lines_added
  AFTER INSERT ON participations REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_participant_lines_changed();
