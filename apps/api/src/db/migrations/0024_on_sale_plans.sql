-- The on-sale's two hot functions, as bench/onsale and pg_stat_statements on 8,000 places found
-- them (docs/decisions.md, "Plans by id, planned once", "Group commit of holds"):
-- * guichet_hold_batch locks a batch's buyers by primary key: a semi join with
--   jsonb_array_elements read every account of the site; it collects its orders in an array
--   appended in place; it gives up a lock after 3 s, so that one buyer's row kept elsewhere does
--   not hold up the event's holds, which a process runs one batch at a time.
-- * guichet_settle_held reads its locked orders by id alone: statistics taken before an on-sale,
--   which count almost no live hold, sent each batch through every live hold of
--   orders_awaiting_idx; and its statements keep their generic plans instead of being planned
--   again at every call.
-- guichet_hold_batch: db/functions/guichet_hold_batch.sql
-- Holds for several buyers of one event in one statement, one round trip and one commit: the
-- group commit of docs/decisions.md ("Group commit of holds"); a single hold is a batch of one
-- (guichet_hold). Each request is a JSON object with named fields (HoldRequest in
-- modules/checkout) and gets its own answer, in the order given (arrival order): 'held', 'stale'
-- (reload the sale and start again), 'no_account', 'live_hold' (the buyer still holds places of
-- the event: give them back, then call again), 'one_free_ticket', 'promo_exhausted',
-- 'expired_holds' (reclaim them in a transaction of their own, then call again with
-- afterReclaim) or 'sold_out'. Nothing of a request is kept unless its answer is 'held'.
--
-- Two phases, so that the event's ticket rows, which every buyer waits for, are locked only for
-- the counting and one UPDATE. First each request's own rules (fingerprint, account, one live
-- hold, one free place, promo use), its order kept while a copy of the counters read without a
-- lock still has room for it; the kept orders are written together. Then, with the event and its
-- tickets locked, the requests are counted in arrival order against the counters as committed,
-- the orders that no longer fit are deleted, and the places of all the others are taken by one
-- UPDATE per ticket. Locks are taken in the order every path follows: buyers, promo codes, event,
-- tickets, each in id order.
-- A lock waited for longer than lock_timeout fails the batch (SQLSTATE 55P03): each request is
-- then tried alone, so that one buyer whose row another transaction keeps does not hold up the
-- whole sale's holds, which a process runs one batch at a time.
CREATE OR REPLACE FUNCTION guichet_hold_batch(p jsonb) RETURNS text[] LANGUAGE plpgsql
SET lock_timeout = '3s' AS $$
DECLARE
  v_event uuid := (p->0->>'eventId')::uuid;
  v_fingerprint text := guichet_sale_fingerprint(v_event);
  v_size integer := jsonb_array_length(p);
  v_outcomes text[] := array_fill(NULL::text, ARRAY[v_size]);
  v_request jsonb;
  v_user uuid;
  v_email text;
  v_now timestamptz;
  v_discount uuid;
  v_gift uuid;
  v_tickets uuid[];
  v_quantities integer[];
  v_ids uuid[];
  v_free integer[];
  v_locked integer[];
  v_fits integer[];
  v_cap integer;
  v_taken integer;
  v_gone uuid[] := '{}';
  v_orders jsonb[] := '{}';
  v_buyers uuid[] := '{}';
  v_expired boolean;
  v_updated integer;
BEGIN
  -- The ids as an array, not a subquery: a semi join with a JSON function the planner cannot
  -- count read every account of the site (1.4 ms for 8,000) while this batch's locks waited.
  PERFORM 1 FROM users
    WHERE id = ANY (ARRAY(SELECT (r->>'userId')::uuid FROM jsonb_array_elements(p) AS r))
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM discount_codes
    WHERE id = ANY (ARRAY(SELECT (r->'order'->>'discountCodeId')::uuid FROM jsonb_array_elements(p) AS r))
    ORDER BY id FOR NO KEY UPDATE;
  -- Places left per ticket (-1: not for sale) then the event's room, without a lock: a guess that
  -- spares an order written only to be deleted once the sale is over.
  SELECT e.nb_max_participants, t.ids, t.free, t.taken INTO v_cap, v_ids, v_free, v_taken
    FROM events e, LATERAL guichet_hold_counters(e.id) t
   WHERE e.id = v_event AND e.deleted_at IS NULL;
  v_free := v_free || CASE WHEN v_cap IS NULL THEN -1 WHEN v_cap = -1 THEN 2147483647 ELSE v_cap - v_taken END;

  FOR i IN 1 .. v_size LOOP
    v_request := p->(i - 1);
    IF v_fingerprint IS DISTINCT FROM v_request->>'fingerprint' THEN v_outcomes[i] := 'stale'; CONTINUE; END IF;
    v_user := (v_request->>'userId')::uuid;
    v_email := v_request->>'email';
    v_now := (v_request->>'now')::timestamptz;
    IF v_user IS NULL THEN
      SELECT id, email INTO v_user, v_email FROM users WHERE email = v_email AND deleted_at IS NULL;
      IF NOT FOUND THEN v_outcomes[i] := 'no_account'; CONTINUE; END IF;
      PERFORM 1 FROM users WHERE id = v_user FOR NO KEY UPDATE;
    END IF;
    -- One live hold per buyer and event (issue 15): the buyer's own row queues their holds, and
    -- an earlier request of this batch is one too. The buyer's orders of the event are read first
    -- (OFFSET 0 keeps the status out of that scan), so that no plan reads every live hold of the
    -- sale through orders_awaiting_idx.
    IF v_user = ANY (v_buyers) OR EXISTS (
         SELECT 1 FROM (SELECT status, expires_at FROM orders WHERE user_id = v_user AND event_id = v_event OFFSET 0) o
          WHERE o.status = 'awaiting_payment' AND o.expires_at > v_now) THEN
      v_outcomes[i] := 'live_hold';
      CONTINUE;
    END IF;
    IF (v_request->>'hasFreeLines')::boolean AND guichet_free_ticket_taken(v_event, v_user, false, v_now) THEN
      v_outcomes[i] := 'one_free_ticket';
      CONTINUE;
    END IF;
    v_discount := (v_request->'order'->>'discountCodeId')::uuid;
    IF v_discount IS NOT NULL THEN
      UPDATE discount_codes SET used = used + 1 WHERE id = v_discount AND is_enabled AND used < quantity;
      IF NOT FOUND THEN
        -- Expired holds may give a use back (asked once per batch: the requests share the event).
        v_expired := coalesce(v_expired, guichet_hold_expired_exists(v_event, v_now));
        v_outcomes[i] := CASE WHEN v_expired AND NOT (v_request->>'afterReclaim')::boolean THEN 'expired_holds'
                              ELSE 'promo_exhausted' END;
        CONTINUE;
      END IF;
    END IF;
    SELECT l.tickets, l.quantities INTO v_tickets, v_quantities FROM guichet_hold_lines(v_request) l;
    v_fits := guichet_fit_places(v_free, v_ids, v_tickets, v_quantities);
    IF v_fits IS NULL THEN
      IF v_discount IS NOT NULL THEN UPDATE discount_codes SET used = used - 1 WHERE id = v_discount; END IF;
      v_expired := coalesce(v_expired, guichet_hold_expired_exists(v_event, v_now));
      v_outcomes[i] := CASE WHEN v_expired AND NOT (v_request->>'afterReclaim')::boolean THEN 'expired_holds'
                            ELSE 'sold_out' END;
      CONTINUE;
    END IF;
    v_free := v_fits;
    v_gift := (v_request->>'giftTicketId')::uuid;
    v_buyers := v_buyers || v_user;
    -- An array of the orders, appended in place: a JSON array is copied whole at every append.
    v_orders := array_append(v_orders, v_request->'order' || jsonb_build_object(
      'id', v_request->>'orderId', 'eventId', v_event, 'userId', v_user, 'buyerEmail', v_email,
      'status', 'awaiting_payment',
      'lines', CASE WHEN v_gift IS NULL THEN v_request->'lines' ELSE v_request->'lines' || jsonb_build_array(
        jsonb_build_object('ticketId', v_gift, 'quantity', 1, 'unitPriceCents', 0, 'isGift', true)) END));
    v_outcomes[i] := 'pending';
  END LOOP;
  IF cardinality(v_buyers) = 0 THEN RETURN v_outcomes; END IF;
  PERFORM guichet_insert_orders(to_jsonb(v_orders));

  -- The counting: the event (when capped) and its tickets locked, the counters read after the
  -- locks are granted, so that they hold every take committed before.
  PERFORM 1 FROM events WHERE id = v_event AND nb_max_participants <> -1 FOR NO KEY UPDATE;
  PERFORM 1 FROM tickets WHERE event_id = v_event ORDER BY id FOR NO KEY UPDATE;
  SELECT e.nb_max_participants, t.ids, t.free, t.taken INTO v_cap, v_ids, v_free, v_taken
    FROM events e, LATERAL guichet_hold_counters(e.id) t
   WHERE e.id = v_event AND e.deleted_at IS NULL;
  v_free := v_free || CASE WHEN v_cap IS NULL THEN -1 WHEN v_cap = -1 THEN 2147483647 ELSE v_cap - v_taken END;
  v_locked := v_free;
  FOR i IN 1 .. v_size LOOP
    CONTINUE WHEN v_outcomes[i] IS DISTINCT FROM 'pending';
    v_request := p->(i - 1);
    SELECT l.tickets, l.quantities INTO v_tickets, v_quantities FROM guichet_hold_lines(v_request) l;
    v_fits := guichet_fit_places(v_free, v_ids, v_tickets, v_quantities);
    IF v_fits IS NOT NULL THEN
      v_free := v_fits;
      v_outcomes[i] := 'held';
    ELSE
      v_gone := v_gone || (v_request->>'orderId')::uuid;
      v_discount := (v_request->'order'->>'discountCodeId')::uuid;
      IF v_discount IS NOT NULL THEN UPDATE discount_codes SET used = used - 1 WHERE id = v_discount; END IF;
      v_expired := coalesce(v_expired, guichet_hold_expired_exists(v_event, (v_request->>'now')::timestamptz));
      v_outcomes[i] := CASE WHEN v_expired AND NOT (v_request->>'afterReclaim')::boolean THEN 'expired_holds'
                            ELSE 'sold_out' END;
    END IF;
  END LOOP;
  IF cardinality(v_gone) > 0 THEN DELETE FROM orders WHERE id = ANY (v_gone); END IF;
  -- One UPDATE per ticket for the whole batch, its condition the last guard against overselling.
  UPDATE tickets t SET held = t.held + d.taken
    FROM (SELECT c.id, c.before - c.after AS taken
            FROM unnest(v_ids, v_locked[1:cardinality(v_ids)], v_free[1:cardinality(v_ids)]) AS c(id, before, after)
           WHERE c.before > c.after) d
   WHERE t.id = d.id AND t.sold + t.held + d.taken <= t.quantity;
  GET DIAGNOSTICS v_updated = ROW_COUNT;
  IF v_updated <> (SELECT count(*) FROM unnest(v_locked[1:cardinality(v_ids)], v_free[1:cardinality(v_ids)]) AS c(before, after)
                    WHERE c.before > c.after) THEN
    RAISE EXCEPTION 'guichet_hold_batch: places counted do not match the tickets of event %', v_event;
  END IF;
  RETURN v_outcomes;
END
$$;
--> statement-breakpoint
-- guichet_settle_held: db/functions/guichet_settle_held.sql
-- Held orders paid, settled in one statement (docs/decisions.md, "Confirmations"): the common case
-- of a payment notification, a hold still live and an event still on sale. Concurrent
-- notifications share the statement, its transaction and its commit, and the ticket's row is
-- updated once for all of them. The callers read the orders beforehand and made the
-- participations' ids and the confirmation e-mails; under the orders' locks, this checks that
-- nothing changed since, then marks each order paid, records its capture, issues its
-- participations, queues its e-mail and the e-mail's delivery (the outbox), and turns the held
-- places into sold ones last, so that the ticket's row, which every buyer of the on-sale waits
-- for, is locked only until the commit that follows at once.
-- p: {"mailMaxAttempts": n, "settlements": [{orderId, provider, transactionId, amountCents,
-- participations: [{id, ticketId, quantity, refundPlaces, isGift}], mail: {to, subject, text,
-- html, attachments}}]}. Answers one outcome per settlement, in order: 'paid', or 'changed'
-- (nothing written for it: the caller settles it the general way). An order named twice is paid
-- once, by the first of its settlements that still matches it.
-- Its statements keep their generic plans: given the batch's arrays, the planner found each custom
-- plan cheaper and planned most of them again at every call, a third of the function's time.
CREATE OR REPLACE FUNCTION guichet_settle_held(p jsonb) RETURNS text[] LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count integer := jsonb_array_length(p->'settlements');
  v_locked uuid[];
  v_paid bigint[];
  v_outcomes text[];
  v_line record;
BEGIN
  -- Orders in id order. One that another transaction holds (a replay on the general path, a
  -- release, a reclaim) is skipped, not waited for: it would stall the whole batch, and the
  -- general path, which its 'changed' leads to, waits for it alone.
  SELECT coalesce(array_agg(id), '{}') INTO v_locked FROM (
    SELECT id FROM orders
     WHERE id = ANY (ARRAY(SELECT (s->>'orderId')::uuid FROM jsonb_array_elements(p->'settlements') AS s))
     ORDER BY id FOR UPDATE SKIP LOCKED) locked;
  -- Read after the locks: what is still held at the amount paid, its event not cancelled. The
  -- orders are read by id alone (OFFSET 0 keeps the status out of that scan): statistics taken
  -- before an on-sale count almost no live hold, and the plan then read every live hold of the
  -- site through orders_awaiting_idx for each batch.
  SELECT coalesce(array_agg(pos), '{}') INTO v_paid FROM (
    SELECT DISTINCT ON (o.id) e.pos
      FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
      JOIN (SELECT id, event_id, status, total_cents FROM orders WHERE id = ANY(v_locked) OFFSET 0) o
        ON o.id = (e.s->>'orderId')::uuid
      JOIN events ev ON ev.id = o.event_id
     WHERE o.status = 'awaiting_payment' AND o.total_cents = (e.s->>'amountCents')::integer
       AND ev.cancelled_at IS NULL
     ORDER BY o.id, e.pos) chosen;
  SELECT array_agg(CASE WHEN i = ANY(v_paid) THEN 'paid' ELSE 'changed' END ORDER BY i) INTO v_outcomes
    FROM generate_series(1, v_count) AS i;
  IF cardinality(v_paid) = 0 THEN
    RETURN v_outcomes;
  END IF;

  UPDATE orders o SET status = 'paid', paid_at = now(), transaction_id = e.s->>'transactionId'
    FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
   WHERE e.pos = ANY(v_paid) AND o.id = (e.s->>'orderId')::uuid;
  INSERT INTO payment_transactions (order_id, provider, transaction_id, amount_cents, kind, refund_status)
    SELECT (e.s->>'orderId')::uuid, e.s->>'provider', e.s->>'transactionId', (e.s->>'amountCents')::integer,
           'payment', 'none'
      FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
     WHERE e.pos = ANY(v_paid)
    ON CONFLICT DO NOTHING;
  INSERT INTO participations (id, event_id, ticket_id, user_id, order_id, quantity, refund_places, is_gift, source)
    SELECT l.id, o.event_id, l."ticketId", o.user_id, o.id, l.quantity, l."refundPlaces", l."isGift", 'web'
      FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
      JOIN orders o ON o.id = (e.s->>'orderId')::uuid
     CROSS JOIN LATERAL jsonb_to_recordset(e.s->'participations')
        AS l(id uuid, "ticketId" uuid, quantity integer, "refundPlaces" integer, "isGift" boolean)
     WHERE e.pos = ANY(v_paid);
  WITH mails AS (
    INSERT INTO mail_outbox ("to", subject, text, html, attachments)
      SELECT e.s->'mail'->>'to', e.s->'mail'->>'subject', e.s->'mail'->>'text', e.s->'mail'->>'html',
             nullif(e.s->'mail'->'attachments', 'null'::jsonb)
        FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
       WHERE e.pos = ANY(v_paid)
      RETURNING id
  )
  INSERT INTO jobs (kind, payload, max_attempts)
    SELECT 'mail', jsonb_build_object('mailId', mails.id), (p->>'mailMaxAttempts')::integer FROM mails;
  -- Tickets in id order, as every path takes them, each once for the whole batch.
  FOR v_line IN
    SELECT l."ticketId" AS ticket_id, sum(l.quantity)::integer AS quantity
      FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
     CROSS JOIN LATERAL jsonb_to_recordset(e.s->'participations') AS l("ticketId" uuid, quantity integer)
     WHERE e.pos = ANY(v_paid)
     GROUP BY l."ticketId" ORDER BY l."ticketId"
  LOOP
    UPDATE tickets SET held = held - v_line.quantity, sold = sold + v_line.quantity WHERE id = v_line.ticket_id;
  END LOOP;
  RETURN v_outcomes;
END
$$;
