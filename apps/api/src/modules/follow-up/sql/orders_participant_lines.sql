-- Row by row and only for these columns: the on-sale updates orders by the thousand.
CREATE OR REPLACE TRIGGER orders_participant_lines
  AFTER UPDATE OF paid_at, buyer_first_name, buyer_last_name, buyer_email, discount_percent, discount_code_id ON orders
  FOR EACH ROW
  WHEN ((OLD.paid_at, OLD.buyer_first_name, OLD.buyer_last_name, OLD.buyer_email, OLD.discount_percent, OLD.discount_code_id)
        IS DISTINCT FROM
        (NEW.paid_at, NEW.buyer_first_name, NEW.buyer_last_name, NEW.buyer_email, NEW.discount_percent, NEW.discount_code_id))
  EXECUTE FUNCTION guichet_participant_lines_of_order();
