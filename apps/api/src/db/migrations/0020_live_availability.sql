-- Hand-written (issue 17): live availability. The body is db/functions/guichet_notify_places.sql.
CREATE OR REPLACE FUNCTION guichet_notify_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('guichet_places', NEW.event_id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose places changed: the WHEN clause is checked without calling the function, so an
-- edit of a ticket's title or a conditional UPDATE that matched nothing costs nothing.
CREATE TRIGGER tickets_places_changed
  AFTER UPDATE OF held, sold, quantity ON tickets
  FOR EACH ROW WHEN (OLD.held IS DISTINCT FROM NEW.held OR OLD.sold IS DISTINCT FROM NEW.sold
            OR OLD.quantity IS DISTINCT FROM NEW.quantity)
  EXECUTE FUNCTION guichet_notify_places();
