-- Only a birth date's change: the ages of the kept statistics follow (guichet_event_statistics_of_user).
CREATE OR REPLACE TRIGGER users_event_statistics
  AFTER UPDATE OF birth_date ON users
  FOR EACH ROW WHEN (OLD.birth_date IS DISTINCT FROM NEW.birth_date)
  EXECUTE FUNCTION guichet_event_statistics_of_user();
