-- See guichet_waiting_list_places_back.sql. The WHEN clause is checked without calling the
-- function: a hold or a sale (fewer places free) costs nothing.
CREATE OR REPLACE TRIGGER tickets_waiting_list_places_back
  AFTER UPDATE OF held, sold, quantity, is_available ON tickets
  FOR EACH ROW WHEN (NEW.is_available AND NOT NEW.is_multipart AND NEW.deleted_at IS NULL
            AND (NEW.quantity - NEW.sold - NEW.held > OLD.quantity - OLD.sold - OLD.held OR NOT OLD.is_available))
  EXECUTE FUNCTION guichet_waiting_list_places_back();
