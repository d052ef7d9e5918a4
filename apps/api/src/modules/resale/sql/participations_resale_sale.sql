-- See guichet_resale_sale.sql. A ticket nobody resells costs one index probe per new place.
CREATE OR REPLACE TRIGGER participations_resale_sale
  AFTER INSERT ON participations
  FOR EACH ROW WHEN (NEW.cancelled_at IS NULL)
  EXECUTE FUNCTION guichet_resale_sale();
