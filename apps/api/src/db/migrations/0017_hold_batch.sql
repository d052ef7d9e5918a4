-- guichet_hold_batch: db/functions/guichet_hold_batch.sql
-- Holds for several buyers of one event in one statement, one round trip and one commit: the
-- group commit of docs/decisions.md ("Group commit of holds"). Each request is the argument of
-- guichet_hold and gets its own answer, in the order given (arrival order), so that every rule of
-- a single hold applies to each buyer. Every lock the requests will need is taken first, in the
-- order every path follows (buyers, promo codes, event, tickets, each in id order): a batch
-- never waits in a circle on another batch or on a single hold. A request that fails fails the
-- batch; the caller then holds each request on its own.
CREATE OR REPLACE FUNCTION guichet_hold_batch(p jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid := (p->0->>'eventId')::uuid;
  v_outcomes text[] := '{}';
  v_request jsonb;
BEGIN
  PERFORM 1 FROM users
    WHERE id IN (SELECT (r->>'userId')::uuid FROM jsonb_array_elements(p) AS r)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM discount_codes
    WHERE id IN (SELECT (r->'order'->>'discountCodeId')::uuid FROM jsonb_array_elements(p) AS r)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM events WHERE id = v_event AND nb_max_participants <> -1 FOR NO KEY UPDATE;
  PERFORM 1 FROM tickets WHERE event_id = v_event ORDER BY id FOR NO KEY UPDATE;
  FOR v_request IN SELECT value FROM jsonb_array_elements(p) LOOP
    v_outcomes := v_outcomes || guichet_hold(v_request);
  END LOOP;
  RETURN v_outcomes;
END
$$;
