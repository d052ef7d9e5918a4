-- Scans resolved (an offline scan's result) move the accepted scans per hour (guichet_scan_hours_changed).
CREATE OR REPLACE TRIGGER scans_hours_changed
  AFTER UPDATE ON scans REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_scan_hours_changed();
