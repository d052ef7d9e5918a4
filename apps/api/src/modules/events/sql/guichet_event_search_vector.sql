-- The document of an event: its title first, then its organiser and address, then its description.
CREATE OR REPLACE FUNCTION guichet_event_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('guichet_fr', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('guichet_fr', coalesce(
      (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = NEW.organizer_id), '')), 'B') ||
    setweight(to_tsvector('guichet_fr', coalesce(NEW.address, '')), 'B') ||
    setweight(to_tsvector('guichet_fr', left(coalesce(NEW.description, ''), 10000)), 'C');
  RETURN NEW;
END $$;
