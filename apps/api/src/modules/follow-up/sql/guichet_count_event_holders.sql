-- Counts again the holders and regulars (event_holder_counts) of every event of these organisers
-- (every organiser's without any) from the accounts' holdings (event_holders): a regular's first
-- event held among the organiser's starts before this one. The caller holds the locks that keep
-- the holdings still (guichet_refresh_event_statistics, guichet_move_place_statistics).
CREATE OR REPLACE FUNCTION guichet_count_event_holders(p_organizers uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_holder_counts c USING events e
   WHERE e.id = c.event_id AND (p_organizers IS NULL OR e.organizer_id = ANY (p_organizers));
  WITH held AS (
    SELECT h.event_id, h.user_id, e.organizer_id, e.date_begin
      FROM event_holders h JOIN events e ON e.id = h.event_id
     WHERE (p_organizers IS NULL OR e.organizer_id = ANY (p_organizers)) AND h.places > 0),
  firsts AS (
    SELECT event_id, user_id, date_begin, min(date_begin) OVER (PARTITION BY user_id, organizer_id) AS first_held FROM held)
  INSERT INTO event_holder_counts (event_id, slot, holders, regulars)
  SELECT event_id, pg_backend_pid(), count(*), count(*) FILTER (WHERE first_held < date_begin)
    FROM firsts
   GROUP BY 1, 2;
END
$$;
