-- Signed webhooks (docs/decisions.md, "Signed webhooks"): an event of an organiser, written in the
-- transaction that causes it, as at most one row, and none when no live endpoint of the organiser
-- listens for the type (one index probe). With one listening endpoint, the common case, the row
-- is that endpoint's `webhook` delivery job; with several, a `webhook_event` job that the runner
-- turns into one delivery job per endpoint. The event's id is made here, once: every delivery and
-- retry of it carries it as Guichet-Event-Id.
CREATE OR REPLACE FUNCTION guichet_emit_webhook(p_organizer uuid, p_type text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_endpoint text;
  v_event jsonb;
BEGIN
  SELECT count(*)::integer, min(w.id::text) INTO v_count, v_endpoint
    FROM webhook_endpoints w
   WHERE w.user_id = p_organizer AND w.disabled_at IS NULL AND p_type = ANY (w.events);
  IF v_count = 0 THEN
    RETURN;
  END IF;
  v_event := jsonb_build_object('eventId', gen_random_uuid()::text, 'type', p_type, 'data', p_data::text,
                                'createdAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  IF v_count = 1 THEN
    INSERT INTO jobs (kind, payload, max_attempts)
    VALUES ('webhook', v_event || jsonb_build_object('endpointId', v_endpoint), 10);
  ELSE
    INSERT INTO jobs (kind, payload, max_attempts)
    VALUES ('webhook_event', v_event || jsonb_build_object('organiserId', p_organizer::text), 8);
  END IF;
END $$;
