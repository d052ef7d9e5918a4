-- Only the columns a pass shows: the WHEN clause is checked without calling the function, so a
-- scan (entries_used) or a ticket number given after the sale costs nothing.
CREATE OR REPLACE TRIGGER participations_wallet_pass_changed
  AFTER UPDATE OF cancelled_at, quantity, user_id ON participations
  FOR EACH ROW WHEN (OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.quantity IS DISTINCT FROM NEW.quantity
            OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION guichet_wallet_pass_changed();
