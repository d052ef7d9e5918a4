-- Only a change of the name itself: a login or a password change does not rewrite the events.
CREATE OR REPLACE TRIGGER users_renamed_search_vector
  AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION guichet_organizer_renamed();
