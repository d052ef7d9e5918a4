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
-- participations: [{id, ticketId, dateId, quantity, refundPlaces, isGift, holderFirstName, holderLastName, answers}], one per
-- place (quantity 1), mail: {to, subject, text,
-- html, attachments}, source?, paidAt?}]}. An order paid at once (free, or at the door) has no
-- transactionId, so no capture; its participations' source is 'presentiel' at the door. Answers one outcome per settlement, in order: 'paid', or 'changed'
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
  v_paid_orders uuid[];
  v_outcomes text[];
  v_line record;
BEGIN
  -- Orders in id order. One that another transaction holds (a replay on the general path, a
  -- release, a reclaim) is skipped, not waited for: it would stall the whole batch, and the
  -- general path, which its 'changed' leads to, waits for it alone.
  SELECT coalesce(array_agg(id), '{}') INTO v_locked FROM (
    SELECT id FROM orders
     WHERE id = ANY (ARRAY(SELECT (s->>'orderId')::uuid FROM jsonb_array_elements(p->'settlements') AS s))
     ORDER BY id FOR NO KEY UPDATE SKIP LOCKED) locked;
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
  -- The paid orders' ids as an array, by which the statements below read orders: joined to the
  -- batch's JSON alone, the one generic plan read the whole orders table at each batch.
  SELECT array_agg((s->>'orderId')::uuid ORDER BY e.pos) INTO v_paid_orders
    FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos) WHERE e.pos = ANY(v_paid);

  -- Their money is posted below, in one statement: the orders' ledger trigger is not queued for them.
  PERFORM set_config('guichet.ledger_posted_by', 'settlement', true);
  UPDATE orders o SET status = 'paid', paid_at = coalesce((e.s->>'paidAt')::timestamptz, now()),
                      transaction_id = e.s->>'transactionId'
    FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
   WHERE e.pos = ANY(v_paid) AND o.id = (e.s->>'orderId')::uuid AND o.id = ANY(v_paid_orders);
  PERFORM set_config('guichet.ledger_posted_by', '', true);
  INSERT INTO payment_transactions (order_id, provider, transaction_id, amount_cents, kind, refund_status)
    SELECT (e.s->>'orderId')::uuid, e.s->>'provider', e.s->>'transactionId', (e.s->>'amountCents')::integer,
           'payment', 'none'
      FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
     WHERE e.pos = ANY(v_paid) AND e.s->>'transactionId' IS NOT NULL
    ON CONFLICT DO NOTHING;
  INSERT INTO participations (id, event_id, ticket_id, user_id, order_id, quantity, refund_places, is_gift, source,
                              holder_first_name, holder_last_name, answers, date_id)
    SELECT l.id, o.event_id, l."ticketId", o.user_id, o.id, l.quantity, l."refundPlaces", l."isGift",
           coalesce(e.s->>'source', 'web'), l."holderFirstName", l."holderLastName", nullif(l.answers, 'null'::jsonb),
           l."dateId"
      FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
      JOIN orders o ON o.id = (e.s->>'orderId')::uuid AND o.id = ANY(v_paid_orders)
     CROSS JOIN LATERAL jsonb_to_recordset(e.s->'participations')
        AS l(id uuid, "ticketId" uuid, quantity integer, "refundPlaces" integer, "isGift" boolean,
             "holderFirstName" text, "holderLastName" text, answers jsonb, "dateId" uuid)
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
  -- The dates' held places become sold ones (issue 32; nothing for one-date events), before the tickets.
  PERFORM guichet_date_places(array_agg(l."ticketId"), array_agg(l."dateId"), array_agg(l.quantity), -1, 1)
     FROM jsonb_array_elements(p->'settlements') WITH ORDINALITY AS e(s, pos)
    CROSS JOIN LATERAL jsonb_to_recordset(e.s->'participations') AS l("ticketId" uuid, "dateId" uuid, quantity integer)
    WHERE e.pos = ANY(v_paid);
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
  -- The batch's money, in one statement, last: its streams' locks are taken in one order for every
  -- batch (two batches of the same two events never wait on each other in a circle), after every
  -- other lock, as any posting at commit takes them.
  PERFORM guichet_ledger_post_orders(v_paid_orders);
  RETURN v_outcomes;
END
$$;
