CREATE OR REPLACE TRIGGER users_participant_lines
  AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.email) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email))
  EXECUTE FUNCTION guichet_participant_lines_of_user();
