-- Scans recorded move the accepted scans per hour (guichet_scan_hours_changed).
CREATE OR REPLACE TRIGGER scans_hours_added
  AFTER INSERT ON scans REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_scan_hours_changed();
