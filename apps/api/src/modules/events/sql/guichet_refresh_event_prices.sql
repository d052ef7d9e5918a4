-- The lowest and highest visible prices of an event follow its tickets (the list's "dès" price
-- and its price filter read them from the event's row).
CREATE OR REPLACE FUNCTION guichet_refresh_event_prices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.event_id ELSE NEW.event_id END;
BEGIN
  UPDATE events e
     SET min_price_cents = p.low, max_price_cents = p.high
    FROM (SELECT coalesce(min(price_cents), 0) AS low, coalesce(max(price_cents), 0) AS high
            FROM tickets WHERE event_id = target AND NOT is_hidden AND deleted_at IS NULL) p
   WHERE e.id = target AND (e.min_price_cents, e.max_price_cents) IS DISTINCT FROM (p.low, p.high);
  RETURN NULL;
END $$;
