-- Signed webhooks (docs/decisions.md, "Signed webhooks"): an event of an organiser, written in the
-- transaction that causes it, as at most one row: a `webhook_event` job, only when one of the
-- organiser's live endpoints listens for that type (one index probe otherwise, nothing written).
-- The job runner later writes one `webhook` job per listening endpoint and delivers each. The
-- event's id is made here, once: every delivery and retry of it carries it as Guichet-Event-Id.
CREATE OR REPLACE FUNCTION guichet_emit_webhook(p_organizer uuid, p_type text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, payload, max_attempts)
  SELECT 'webhook_event',
         jsonb_build_object('eventId', gen_random_uuid()::text, 'organiserId', p_organizer::text, 'type', p_type,
                            'data', p_data::text,
                            'createdAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
         8
   WHERE EXISTS (SELECT 1 FROM webhook_endpoints w
                  WHERE w.user_id = p_organizer AND w.disabled_at IS NULL AND p_type = ANY (w.events));
END $$;
