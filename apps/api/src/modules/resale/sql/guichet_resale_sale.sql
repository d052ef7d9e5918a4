-- A new place of a ticket with a live resale listing was sold (docs/decisions.md, "Resale"): a
-- `resale_sell` job is queued in the sale's own transaction, so that it cannot be lost and the
-- settlement code need not know about resale. A transfer's new participation is the same place
-- moving (the old row already names it in transferred_to), not a sale.
CREATE OR REPLACE FUNCTION guichet_resale_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM resale_listings WHERE ticket_id = NEW.ticket_id AND status = 'listed')
     AND NOT EXISTS (SELECT 1 FROM participations WHERE transferred_to = NEW.id) THEN
    INSERT INTO jobs (kind, payload, max_attempts)
    VALUES ('resale_sell', jsonb_build_object('participationId', NEW.id::text), 8);
  END IF;
  RETURN NULL;
END $$;
