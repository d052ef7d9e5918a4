-- See guichet_waiting_list_places_back.sql: places back on a date (issue 32), a give-back or a
-- capacity raised, call the event's lines as places back on a ticket do.
CREATE OR REPLACE TRIGGER event_dates_waiting_list_places_back
  AFTER UPDATE OF held, sold, capacity, cancelled_at ON event_dates
  FOR EACH ROW WHEN (NEW.cancelled_at IS NULL
            AND (NEW.capacity IS NULL AND OLD.capacity IS NOT NULL
                 OR NEW.capacity - NEW.sold - NEW.held > OLD.capacity - OLD.sold - OLD.held))
  EXECUTE FUNCTION guichet_waiting_list_places_back();
