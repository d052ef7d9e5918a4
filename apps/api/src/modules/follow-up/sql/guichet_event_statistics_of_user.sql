-- An account's birth date changed: its live places move to their new age in the kept figures of
-- each event (trigger users_event_statistics), under the account's lock that a sale to it takes
-- too (guichet_move_place_statistics).
CREATE OR REPLACE FUNCTION guichet_event_statistics_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_lock_event_statistics(array(
    SELECT DISTINCT event_id FROM participations WHERE user_id = NEW.id AND cancelled_at IS NULL), false);
  PERFORM guichet_lock_statistics_accounts(array[NEW.id]);
  WITH aged AS (
    SELECT p.event_id, pg_backend_pid() AS slot, p.quantity,
           (e.date_begin AT TIME ZONE 'Europe/Paris')::date AS first_day
      FROM participations p JOIN events e ON e.id = p.event_id
     WHERE p.user_id = NEW.id AND p.cancelled_at IS NULL),
  d AS (
    SELECT event_id, date_part('year', age(first_day, OLD.birth_date))::int AS age, slot, -quantity AS places
      FROM aged WHERE OLD.birth_date <> date '1900-01-01'
    UNION ALL
    SELECT event_id, date_part('year', age(first_day, NEW.birth_date))::int, slot, quantity
      FROM aged WHERE NEW.birth_date <> date '1900-01-01')
  INSERT INTO event_ages AS k (event_id, age, slot, places)
  SELECT event_id, age, slot, sum(places) FROM d GROUP BY 1, 2, 3 HAVING sum(places) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (event_id, age, slot) DO UPDATE SET places = k.places + excluded.places;
  RETURN NULL;
END
$$;
