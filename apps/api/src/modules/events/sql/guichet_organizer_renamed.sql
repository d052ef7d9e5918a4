-- An organiser who changes their name is found under the new one: touching the title makes
-- events_search_vector compute each of their events' documents again.
CREATE OR REPLACE FUNCTION guichet_organizer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET title = title WHERE organizer_id = NEW.id;
  RETURN NULL;
END $$;
