-- An order paid (or its payment date changed): its live places move to the Paris hour of the
-- payment in the kept sold-per-hour figures. Its promo percentage changed (rare): the event's
-- figures are computed again (trigger orders_event_statistics).
CREATE OR REPLACE FUNCTION guichet_event_statistics_of_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.discount_percent IS DISTINCT FROM NEW.discount_percent THEN
    PERFORM guichet_refresh_event_statistics(NEW.event_id);
    RETURN NULL;
  END IF;
  PERFORM guichet_lock_event_statistics(array[NEW.event_id], false);
  WITH moved AS (
    SELECT p.event_id, pg_backend_pid() AS slot, p.quantity,
           date_trunc('hour', coalesce(OLD.paid_at, p.created_at) AT TIME ZONE 'Europe/Paris') AS hour_before,
           date_trunc('hour', coalesce(NEW.paid_at, p.created_at) AT TIME ZONE 'Europe/Paris') AS hour_after
      FROM participations p
     WHERE p.order_id = NEW.id AND p.cancelled_at IS NULL),
  d AS (
    SELECT event_id, hour_before AS hour, slot, -quantity AS places FROM moved
    UNION ALL
    SELECT event_id, hour_after, slot, quantity FROM moved)
  INSERT INTO event_sold_hours AS k (event_id, hour, slot, places)
  SELECT event_id, hour, slot, sum(places) FROM d GROUP BY 1, 2, 3 HAVING sum(places) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (event_id, hour, slot) DO UPDATE SET places = k.places + excluded.places;
  RETURN NULL;
END
$$;
