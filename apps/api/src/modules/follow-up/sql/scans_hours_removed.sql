-- Scans deleted (with their event) move the accepted scans per hour (guichet_scan_hours_changed).
CREATE OR REPLACE TRIGGER scans_hours_removed
  AFTER DELETE ON scans REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_scan_hours_changed();
