-- Participations changed (every update passes: PostgreSQL allows no column list beside a transition table) bring the participants list's rows along (guichet_participant_lines_changed).
CREATE OR REPLACE TRIGGER participations_lines_changed
  AFTER UPDATE ON participations REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_participant_lines_changed();
