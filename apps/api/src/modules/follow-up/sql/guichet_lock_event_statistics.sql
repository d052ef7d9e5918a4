-- Locks the kept statistics of the organisers of these events until the transaction ends: shared
-- by each change that moves them by a difference (a sale, a scan, a refund), exclusive by the few
-- that compute them again from the places (a price, a date or a discount changed). Shared holders
-- never wait for each other; the statement that computes again never reads while a difference is
-- on its way. One lock per organiser (class 2026), since an event's regulars depend on the
-- organiser's other events. Two exclusive holders lock one organiser each, so no circle forms.
CREATE OR REPLACE FUNCTION guichet_lock_event_statistics(p_events uuid[], p_exclusive boolean) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM count(pg_advisory_xact_lock(2026, hashtext(o::text)))
       FROM (SELECT DISTINCT organizer_id AS o FROM events WHERE id = ANY (p_events) ORDER BY 1) organizers;
  ELSE
    PERFORM count(pg_advisory_xact_lock_shared(2026, hashtext(o::text)))
       FROM (SELECT DISTINCT organizer_id AS o FROM events WHERE id = ANY (p_events) ORDER BY 1) organizers;
  END IF;
END
$$;
