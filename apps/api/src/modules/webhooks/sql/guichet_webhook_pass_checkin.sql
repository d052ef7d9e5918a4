-- A pass let in on one of its dates (pass_date_entries, issue 32): `checkin.created` for the
-- event's organiser, with the date and the entries used on it.
CREATE OR REPLACE FUNCTION guichet_webhook_pass_checkin() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_place record;
BEGIN
  SELECT p.id, p.event_id, p.ticket_id, p.quantity, e.organizer_id INTO v_place
    FROM participations p JOIN events e ON e.id = p.event_id WHERE p.id = NEW.participation_id;
  PERFORM guichet_emit_webhook(
    v_place.organizer_id, 'checkin.created',
    jsonb_build_object('participationId', v_place.id, 'eventId', v_place.event_id, 'ticketId', v_place.ticket_id,
                       'dateId', NEW.date_id, 'entriesUsed', NEW.entries, 'quantity', v_place.quantity));
  RETURN NULL;
END $$;
