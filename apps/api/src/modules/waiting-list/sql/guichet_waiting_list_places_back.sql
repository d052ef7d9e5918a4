-- Places back on a ticket (a hold given back or reclaimed, a refund, a cancellation by a buyer,
-- an offer unused, a raised quota, a ticket put back on sale): when people of the event wait,
-- a `waiting_list_offer` job is queued in the same transaction, whichever path gave the places
-- back, and offers them after the commit (docs/decisions.md, "Waiting list"). The whole event's
-- lines, since on a capped event a place back on one ticket may be one for another. One job
-- not yet started per event is enough: it reads the places when it runs. An event nobody waits
-- for costs one index probe.
CREATE OR REPLACE FUNCTION guichet_waiting_list_places_back() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM waiting_list_entries WHERE event_id = NEW.event_id AND status = 'waiting')
     AND NOT EXISTS (SELECT 1 FROM jobs
                      WHERE kind = 'waiting_list_offer' AND done_at IS NULL AND failed_at IS NULL
                        AND attempts = 0 AND payload ->> 'eventId' = NEW.event_id::text) THEN
    INSERT INTO jobs (kind, payload, max_attempts)
    VALUES ('waiting_list_offer', jsonb_build_object('eventId', NEW.event_id::text), 8);
  END IF;
  RETURN NULL;
END $$;
