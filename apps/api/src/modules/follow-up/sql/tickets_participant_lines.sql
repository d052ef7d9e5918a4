-- Only a title's change: the on-sale updates tickets' counters all the time.
CREATE OR REPLACE TRIGGER tickets_participant_lines
  AFTER UPDATE OF title ON tickets
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION guichet_participant_lines_of_ticket();
