-- An event's start moved: its holders' ages and the regulars of its organiser's events change; a
-- ticket's price changed: the gross of the places priced by it. Rare: the event's figures are
-- computed again (triggers events_event_statistics, tickets_event_statistics).
CREATE OR REPLACE FUNCTION guichet_event_statistics_of_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'tickets' THEN
    PERFORM guichet_refresh_event_statistics(NEW.event_id);
  ELSE
    PERFORM guichet_refresh_event_statistics(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
