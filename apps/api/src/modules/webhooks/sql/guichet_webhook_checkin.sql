-- An entry taken at the door (a scan, a batch from an offline scanner, a manual entry):
-- `checkin.created` for the event's organiser, with the entries the participation has used. A
-- pass of an event of several dates is told by its entry of a date (guichet_webhook_pass_checkin,
-- with the date), each date once, not by its place's most entries of any date.
CREATE OR REPLACE FUNCTION guichet_webhook_checkin() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_organizer uuid;
BEGIN
  IF EXISTS (SELECT 1 FROM pass_date_entries e WHERE e.participation_id = NEW.id) THEN RETURN NULL; END IF;
  SELECT e.organizer_id INTO v_organizer FROM events e WHERE e.id = NEW.event_id;
  PERFORM guichet_emit_webhook(
    v_organizer, 'checkin.created',
    jsonb_build_object('participationId', NEW.id, 'eventId', NEW.event_id, 'ticketId', NEW.ticket_id,
                       'entriesUsed', NEW.entries_used, 'quantity', NEW.quantity));
  RETURN NULL;
END $$;
