-- Computes every kept statistic of an event from scratch: its places' (guichet_refresh_event_statistics),
-- its accepted scans per hour and its promo codes' uses; without an event, every event's. For the
-- rows that existed before the figures were kept (the migration's owed statement) and for the
-- tests that compare.
CREATE OR REPLACE FUNCTION guichet_count_event_statistics(p_event uuid) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_refresh_event_statistics(p_event);
  DELETE FROM event_scan_hours WHERE p_event IS NULL OR event_id = p_event;
  INSERT INTO event_scan_hours (event_id, hour, slot, scans)
  SELECT event_id, date_trunc('hour', scanned_at AT TIME ZONE 'Europe/Paris'), pg_backend_pid(), count(*)
    FROM scans WHERE (p_event IS NULL OR event_id = p_event) AND result = 'accepted' GROUP BY 1, 2, 3;
  DELETE FROM event_promo_uses u USING discount_codes d
   WHERE d.id = u.discount_code_id AND (p_event IS NULL OR d.event_id = p_event);
  INSERT INTO event_promo_uses (discount_code_id, slot, uses, discount_cents)
  SELECT o.discount_code_id, pg_backend_pid(), count(*), sum(o.discount_cents)
    FROM orders o JOIN discount_codes d ON d.id = o.discount_code_id
   WHERE (p_event IS NULL OR d.event_id = p_event) AND o.status IN ('paid', 'refund_requested')
   GROUP BY 1, 2;
END
$$;
