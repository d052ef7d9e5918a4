-- Only the columns that change the visible prices fire it: holds and sales (held, sold) never do.
CREATE OR REPLACE TRIGGER tickets_event_prices
  AFTER INSERT OR DELETE OR UPDATE OF price_cents, is_hidden, deleted_at ON tickets
  FOR EACH ROW EXECUTE FUNCTION guichet_refresh_event_prices();
