-- Keeps the accepted scans per Paris hour (event_scan_hours), moved by what the scans were and are
-- (statement triggers scans_hours_*, transition tables `added` and `removed`): from their own
-- rows alone, so a check-in takes no lock beside its row's.
CREATE OR REPLACE FUNCTION guichet_scan_hours_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_scan_hours AS k (event_id, hour, slot, scans)
    SELECT event_id, date_trunc('hour', scanned_at AT TIME ZONE 'Europe/Paris'), pg_backend_pid(), count(*)
      FROM added WHERE result = 'accepted' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (event_id, hour, slot) DO UPDATE SET scans = k.scans + excluded.scans;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_scan_hours AS k (event_id, hour, slot, scans)
    SELECT event_id, date_trunc('hour', scanned_at AT TIME ZONE 'Europe/Paris'), pg_backend_pid(), -count(*)
      FROM removed WHERE result = 'accepted' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (event_id, hour, slot) DO UPDATE SET scans = k.scans + excluded.scans;
  ELSE
    INSERT INTO event_scan_hours AS k (event_id, hour, slot, scans)
    SELECT event_id, date_trunc('hour', scanned_at AT TIME ZONE 'Europe/Paris'), pg_backend_pid(), sum(sign)
      FROM (SELECT 1 AS sign, event_id, scanned_at, id FROM added WHERE result = 'accepted'
            UNION ALL
            SELECT -1, event_id, scanned_at, id FROM removed WHERE result = 'accepted') d
     GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (event_id, hour, slot) DO UPDATE SET scans = k.scans + excluded.scans;
  END IF;
  RETURN NULL;
END
$$;
