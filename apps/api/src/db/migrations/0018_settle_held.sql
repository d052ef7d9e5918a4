-- guichet_settle_held: db/functions/guichet_settle_held.sql
-- A held order paid, settled in one statement (docs/decisions.md, "Confirmations"): the common
-- case of a payment notification, a hold still live and an event still on sale. The caller read
-- the order beforehand and made the participations' ids and the confirmation e-mail; under the
-- order's lock, this checks that nothing changed since, then marks the order paid, records the
-- capture, issues the participations, queues the e-mail and its delivery (the outbox), and turns
-- the held places into sold ones last, so that the ticket's row, which every buyer of the
-- on-sale waits for, is locked only until the commit that follows at once.
-- Answers 'paid', or 'changed' (nothing written: the caller settles it the general way).
CREATE OR REPLACE FUNCTION guichet_settle_held(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_order uuid := (p->>'orderId')::uuid;
  v_event uuid;
  v_user uuid;
  v_mail uuid;
  v_line record;
BEGIN
  SELECT o.event_id, o.user_id INTO v_event, v_user FROM orders o
   WHERE o.id = v_order AND o.status = 'awaiting_payment' AND o.total_cents = (p->>'amountCents')::integer
   FOR UPDATE;
  IF NOT FOUND OR EXISTS (SELECT 1 FROM events WHERE id = v_event AND cancelled_at IS NOT NULL) THEN
    RETURN 'changed';
  END IF;
  UPDATE orders SET status = 'paid', paid_at = now(), transaction_id = p->>'transactionId' WHERE id = v_order;
  INSERT INTO payment_transactions (order_id, provider, transaction_id, amount_cents, kind, refund_status)
    VALUES (v_order, p->>'provider', p->>'transactionId', (p->>'amountCents')::integer, 'payment', 'none')
    ON CONFLICT DO NOTHING;
  INSERT INTO participations (id, event_id, ticket_id, user_id, order_id, quantity, refund_places, is_gift, source)
    SELECT l.id, v_event, l."ticketId", v_user, v_order, l.quantity, l."refundPlaces", l."isGift", 'web'
      FROM jsonb_to_recordset(p->'participations')
        AS l(id uuid, "ticketId" uuid, quantity integer, "refundPlaces" integer, "isGift" boolean);
  INSERT INTO mail_outbox ("to", subject, text, html, attachments)
    VALUES (p->'mail'->>'to', p->'mail'->>'subject', p->'mail'->>'text', p->'mail'->>'html',
            nullif(p->'mail'->'attachments', 'null'::jsonb))
    RETURNING id INTO v_mail;
  INSERT INTO jobs (kind, payload, max_attempts)
    VALUES ('mail', jsonb_build_object('mailId', v_mail), (p->>'mailMaxAttempts')::integer);
  -- Tickets in id order, as every path takes them.
  FOR v_line IN
    SELECT x."ticketId" AS ticket_id, sum(x.quantity)::integer AS quantity
      FROM jsonb_to_recordset(p->'participations') AS x("ticketId" uuid, quantity integer)
     GROUP BY x."ticketId" ORDER BY x."ticketId"
  LOOP
    UPDATE tickets SET held = held - v_line.quantity, sold = sold + v_line.quantity WHERE id = v_line.ticket_id;
  END LOOP;
  RETURN 'paid';
END
$$;
