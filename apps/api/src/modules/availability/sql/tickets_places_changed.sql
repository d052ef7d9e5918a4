-- Only rows whose places changed: the WHEN clause is checked without calling the function, so an
-- edit of a ticket's title or a conditional UPDATE that matched nothing costs nothing.
CREATE OR REPLACE TRIGGER tickets_places_changed
  AFTER UPDATE OF held, sold, quantity ON tickets
  FOR EACH ROW WHEN (OLD.held IS DISTINCT FROM NEW.held OR OLD.sold IS DISTINCT FROM NEW.sold
            OR OLD.quantity IS DISTINCT FROM NEW.quantity)
  EXECUTE FUNCTION guichet_notify_places();
