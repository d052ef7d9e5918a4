-- Participations deleted bring the participants list's rows along (guichet_participant_lines_changed).
CREATE OR REPLACE TRIGGER participations_lines_removed
  AFTER DELETE ON participations REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_participant_lines_changed();
