-- Moves the kept statistics (event_ticket_totals, event_sold_hours, event_ages, event_holders,
-- event_holder_counts) by what these places were (`p_removed`, taken off) and are now (`p_added`,
-- added): only live places count. A place is priced, dated and aged as follow-up/repository.ts
-- priced them when it read the places: its order line's unit price (else its ticket's) less the
-- order's promo percentage, rounded half up; the order's payment, else the place's creation, in
-- Paris hours; the account's age on the event's first day.
--
-- What it reads beside the places is read after the locks, so never from before a change that
-- concurrently moves the same figures: the organisers' shared lock (against the few changes that
-- compute the figures again), each account's lock (its birth date, its holdings at the
-- organiser's events: whether it is a holder or a regular), and each order's row (its payment
-- date).
CREATE OR REPLACE FUNCTION guichet_move_place_statistics(p_removed participations[], p_added participations[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_events uuid[];
  v_users uuid[];
  v_orders uuid[];
BEGIN
  SELECT array_agg(DISTINCT c.event_id), array_agg(DISTINCT c.user_id) FILTER (WHERE c.user_id IS NOT NULL),
         array_agg(DISTINCT c.order_id) FILTER (WHERE c.order_id IS NOT NULL)
    INTO v_events, v_users, v_orders
    FROM (SELECT * FROM unnest(p_removed) UNION ALL SELECT * FROM unnest(p_added)) c
   WHERE c.cancelled_at IS NULL;
  IF v_events IS NULL THEN RETURN; END IF;
  PERFORM guichet_lock_event_statistics(v_events, false);
  PERFORM guichet_lock_statistics_accounts(v_users);
  PERFORM 1 FROM orders WHERE id = ANY (v_orders) ORDER BY id FOR SHARE;

  WITH places AS (
    SELECT -1 AS sign, r.* FROM unnest(p_removed) r WHERE r.cancelled_at IS NULL
    UNION ALL
    SELECT 1, a.* FROM unnest(p_added) a WHERE a.cancelled_at IS NULL),
  priced AS (
    SELECT p.event_id, p.ticket_id, p.source, pg_backend_pid() AS slot,
           p.sign * p.quantity AS places, p.sign * p.entries_used AS entries,
           p.sign * (p.entries_used = 0)::int AS absentees,
           p.sign * p.quantity * ((2 * coalesce(l.unit_price_cents, t.price_cents)::bigint
                                   * (100 - coalesce(o.discount_percent, 0)) + 100) / 200) AS gross_cents,
           date_trunc('hour', coalesce(o.paid_at, p.created_at) AT TIME ZONE 'Europe/Paris') AS hour,
           -- 1900-01-01: the birth date nobody gave (users.repository.ts, UNKNOWN_BIRTH_DATE).
           CASE WHEN u.birth_date <> date '1900-01-01'
                THEN date_part('year', age((e.date_begin AT TIME ZONE 'Europe/Paris')::date, u.birth_date))::int END AS age
      FROM places p
      JOIN events e ON e.id = p.event_id
      JOIN tickets t ON t.id = p.ticket_id
      -- Read by their keys whatever the tables' sizes (guichet_refresh_participant_lines says why).
      LEFT JOIN LATERAL (SELECT * FROM orders WHERE id = p.order_id OFFSET 0) o ON true
      LEFT JOIN LATERAL (SELECT * FROM (SELECT * FROM order_lines WHERE order_id = p.order_id OFFSET 0) ol
                          WHERE ol.ticket_id = p.ticket_id AND ol.is_gift = p.is_gift
                          ORDER BY ol.date_id IS NOT DISTINCT FROM p.date_id DESC LIMIT 1) l ON true
      LEFT JOIN LATERAL (SELECT * FROM users WHERE id = p.user_id OFFSET 0) u ON true),
  by_ticket AS (
    INSERT INTO event_ticket_totals AS k (event_id, ticket_id, source, slot, places, entries, absentees, gross_cents)
    SELECT event_id, ticket_id, source, slot, sum(places), sum(entries), sum(absentees), sum(gross_cents)
      FROM priced GROUP BY 1, 2, 3, 4
    HAVING sum(places) <> 0 OR sum(entries) <> 0 OR sum(absentees) <> 0 OR sum(gross_cents) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (event_id, ticket_id, source, slot) DO UPDATE
       SET places = k.places + excluded.places, entries = k.entries + excluded.entries,
           absentees = k.absentees + excluded.absentees, gross_cents = k.gross_cents + excluded.gross_cents),
  by_hour AS (
    INSERT INTO event_sold_hours AS k (event_id, hour, slot, places)
    SELECT event_id, hour, slot, sum(places) FROM priced GROUP BY 1, 2, 3 HAVING sum(places) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (event_id, hour, slot) DO UPDATE SET places = k.places + excluded.places)
  INSERT INTO event_ages AS k (event_id, age, slot, places)
  SELECT event_id, age, slot, sum(places) FROM priced WHERE age IS NOT NULL
   GROUP BY 1, 2, 3 HAVING sum(places) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (event_id, age, slot) DO UPDATE SET places = k.places + excluded.places;

  IF v_users IS NULL THEN RETURN; END IF;
  -- The accounts' holdings, then who holds and who is a regular. Many accounts at once (all
  -- accounts' lock is then held alone): the organisers' holders and regulars are counted again.
  WITH places AS (
    SELECT -1 AS sign, r.* FROM unnest(p_removed) r WHERE r.cancelled_at IS NULL AND r.user_id IS NOT NULL
    UNION ALL
    SELECT 1, a.* FROM unnest(p_added) a WHERE a.cancelled_at IS NULL AND a.user_id IS NOT NULL),
  d AS (
    SELECT event_id, user_id, sum(sign * quantity)::int AS delta FROM places GROUP BY 1, 2 HAVING sum(sign * quantity) <> 0),
  mine AS (
    SELECT DISTINCT d.user_id, e.organizer_id FROM d JOIN events e ON e.id = d.event_id WHERE cardinality(v_users) <= 256),
  -- An account is a regular of an event it holds when its first event held (by start date) among
  -- the organiser's is earlier: its holdings before and after the change give what flips, at this
  -- event and at the organiser's later ones it holds.
  states AS (
    SELECT h.event_id, h.user_id, m.organizer_id, e.date_begin, h.places AS before, h.places + coalesce(d.delta, 0) AS after
      FROM mine m
      -- The account's holdings by its index, then their events by key: the one generic plan went
      -- from the organiser's events to every holder of each (the sale's buyers, more at each call).
      CROSS JOIN LATERAL (SELECT * FROM event_holders WHERE user_id = m.user_id OFFSET 0) h
      CROSS JOIN LATERAL (SELECT * FROM events WHERE id = h.event_id OFFSET 0) e
      LEFT JOIN d ON d.event_id = h.event_id AND d.user_id = h.user_id
     WHERE e.organizer_id = m.organizer_id
    UNION ALL
    SELECT d.event_id, d.user_id, e.organizer_id, e.date_begin, 0, d.delta
      FROM d JOIN events e ON e.id = d.event_id
     WHERE cardinality(v_users) <= 256
       AND NOT EXISTS (SELECT 1 FROM event_holders h WHERE h.event_id = d.event_id AND h.user_id = d.user_id OFFSET 0)),
  flips AS (
    SELECT event_id, pg_backend_pid() AS slot,
           (after > 0)::int - (before > 0)::int AS holders,
           coalesce(after > 0 AND first_after < date_begin, false)::int
             - coalesce(before > 0 AND first_before < date_begin, false)::int AS regulars
      FROM (SELECT s.*, min(date_begin) FILTER (WHERE before > 0) OVER w AS first_before,
                   min(date_begin) FILTER (WHERE after > 0) OVER w AS first_after
              FROM states s WINDOW w AS (PARTITION BY user_id, organizer_id)) s),
  held AS (
    INSERT INTO event_holders AS h (event_id, user_id, places)
    SELECT event_id, user_id, delta FROM d ORDER BY 1, 2
    ON CONFLICT (event_id, user_id) DO UPDATE SET places = h.places + excluded.places)
  INSERT INTO event_holder_counts AS c (event_id, slot, holders, regulars)
  SELECT event_id, slot, sum(holders), sum(regulars) FROM flips
   GROUP BY 1, 2 HAVING sum(holders) <> 0 OR sum(regulars) <> 0 ORDER BY 1, 2
  ON CONFLICT (event_id, slot) DO UPDATE SET holders = c.holders + excluded.holders, regulars = c.regulars + excluded.regulars;
  IF cardinality(v_users) <= 256 THEN
    DELETE FROM event_holders WHERE user_id = ANY (v_users) AND places = 0;
  ELSE
    DELETE FROM event_holders WHERE event_id = ANY (v_events) AND places = 0;
    PERFORM guichet_count_event_holders(array(SELECT DISTINCT organizer_id FROM events WHERE id = ANY (v_events)));
  END IF;
END
$$;
