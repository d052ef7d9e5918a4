-- Keeps the event's search document (guichet_event_search_vector) in step with what it is made of.
CREATE OR REPLACE TRIGGER events_search_vector
  BEFORE INSERT OR UPDATE OF title, description, address, organizer_id ON events
  FOR EACH ROW EXECUTE FUNCTION guichet_event_search_vector();
