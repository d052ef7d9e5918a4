-- An event cancelled, by its organiser or an administrator: `event.cancelled` in that transaction.
CREATE OR REPLACE FUNCTION guichet_webhook_event_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_emit_webhook(
    NEW.organizer_id, 'event.cancelled',
    jsonb_build_object('eventId', NEW.id, 'title', NEW.title, 'cancelledAt', NEW.cancelled_at));
  RETURN NULL;
END $$;
