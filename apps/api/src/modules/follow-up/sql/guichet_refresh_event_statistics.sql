-- Computes the kept statistics of an event again from its live places (event_ticket_totals,
-- event_sold_hours, event_ages, event_holders), then the holders and regulars of every event of
-- its organiser, under the organiser's exclusive lock: no difference is on its way meanwhile
-- (guichet_lock_event_statistics). For the rare changes that move many figures at once (a start
-- date, a ticket's price, an order's promo percentage); the accepted scans and the promo codes'
-- uses depend on nothing else than their own rows and are not touched. Without an event, every
-- event's (guichet_count_event_statistics at a start, under the start's lock: no lock per organiser,
-- which would outgrow the server's lock table).
CREATE OR REPLACE FUNCTION guichet_refresh_event_statistics(p_event uuid) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  v_organizer uuid;
BEGIN
  IF p_event IS NOT NULL THEN
    PERFORM guichet_lock_event_statistics(array[p_event], true);
    SELECT organizer_id INTO v_organizer FROM events WHERE id = p_event;
  END IF;
  DELETE FROM event_ticket_totals WHERE p_event IS NULL OR event_id = p_event;
  DELETE FROM event_sold_hours WHERE p_event IS NULL OR event_id = p_event;
  DELETE FROM event_ages WHERE p_event IS NULL OR event_id = p_event;
  DELETE FROM event_holders WHERE p_event IS NULL OR event_id = p_event;
  WITH priced AS (
    SELECT p.event_id, p.ticket_id, p.source, pg_backend_pid() AS slot, p.user_id, p.quantity AS places,
           p.entries_used AS entries, (p.entries_used = 0)::int AS absentees,
           p.quantity * ((2 * coalesce(l.unit_price_cents, t.price_cents)::bigint
                          * (100 - coalesce(o.discount_percent, 0)) + 100) / 200) AS gross_cents,
           date_trunc('hour', coalesce(o.paid_at, p.created_at) AT TIME ZONE 'Europe/Paris') AS hour,
           CASE WHEN u.birth_date <> date '1900-01-01'
                THEN date_part('year', age((e.date_begin AT TIME ZONE 'Europe/Paris')::date, u.birth_date))::int END AS age
      FROM participations p
      JOIN events e ON e.id = p.event_id
      JOIN tickets t ON t.id = p.ticket_id
      LEFT JOIN orders o ON o.id = p.order_id
      LEFT JOIN LATERAL (SELECT * FROM order_lines ol WHERE ol.order_id = p.order_id AND ol.ticket_id = p.ticket_id
                         AND ol.is_gift = p.is_gift ORDER BY ol.date_id IS NOT DISTINCT FROM p.date_id DESC LIMIT 1) l ON true
      LEFT JOIN users u ON u.id = p.user_id
     WHERE (p_event IS NULL OR p.event_id = p_event) AND p.cancelled_at IS NULL),
  by_ticket AS (
    INSERT INTO event_ticket_totals (event_id, ticket_id, source, slot, places, entries, absentees, gross_cents)
    SELECT event_id, ticket_id, source, slot, sum(places), sum(entries), sum(absentees), sum(gross_cents)
      FROM priced GROUP BY 1, 2, 3, 4),
  by_hour AS (
    INSERT INTO event_sold_hours (event_id, hour, slot, places)
    SELECT event_id, hour, slot, sum(places) FROM priced GROUP BY 1, 2, 3),
  by_age AS (
    INSERT INTO event_ages (event_id, age, slot, places)
    SELECT event_id, age, slot, sum(places) FROM priced WHERE age IS NOT NULL GROUP BY 1, 2, 3)
  INSERT INTO event_holders (event_id, user_id, places)
  SELECT event_id, user_id, sum(places) FROM priced WHERE user_id IS NOT NULL GROUP BY 1, 2 HAVING sum(places) > 0;

  IF p_event IS NULL THEN
    PERFORM guichet_count_event_holders(NULL);
  ELSE
    PERFORM guichet_count_event_holders(array[v_organizer]);
  END IF;
END
$$;
