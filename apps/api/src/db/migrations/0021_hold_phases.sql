-- orders_live_hold_idx: a buyer's live hold of an event is found without reading anyone else's.
CREATE INDEX "orders_live_hold_idx" ON "orders" USING btree ("user_id","event_id") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
-- guichet_insert_orders: db/functions/guichet_insert_orders.sql
-- The one way orders and their lines are written, paid (free orders, the door) or held (through
-- guichet_hold_batch, a batch's orders in two statements). Its one argument is an array of orders,
-- each a JSON object named as the orders table's columns in camelCase (NewOrder in
-- modules/checkout/orders.repository.ts), with its id and its `lines`; amounts the caller leaves
-- out are 0, a line's `isGift` false.
CREATE OR REPLACE FUNCTION guichet_insert_orders(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders (id, reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                      buyer_birth_date, buyer_phone, studies, status, provider, onsite_payment, discount_code_id,
                      discount_percent, subtotal_cents, discount_cents, insurance_cents, fee_cents, total_cents,
                      ticket_count, expires_at, access_token_hash, paid_at)
  SELECT o.id, o.reference, o."eventId", o."userId", o."buyerEmail", o."buyerFirstName", o."buyerLastName",
         o."buyerBirthDate", o."buyerPhone", o.studies, o.status, o.provider, o."onsitePayment", o."discountCodeId",
         o."discountPercent", o."subtotalCents", coalesce(o."discountCents", 0), coalesce(o."insuranceCents", 0),
         coalesce(o."feeCents", 0), o."totalCents", o."ticketCount", o."expiresAt", o."accessTokenHash", o."paidAt"
    FROM jsonb_to_recordset(p) AS o(id uuid, reference text, "eventId" uuid, "userId" uuid, "buyerEmail" text,
         "buyerFirstName" text, "buyerLastName" text, "buyerBirthDate" date, "buyerPhone" text, studies text,
         status text, provider text, "onsitePayment" text, "discountCodeId" uuid, "discountPercent" integer,
         "subtotalCents" integer, "discountCents" integer, "insuranceCents" integer, "feeCents" integer,
         "totalCents" integer, "ticketCount" integer, "expiresAt" timestamptz, "accessTokenHash" text,
         "paidAt" timestamptz);
  INSERT INTO order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents, is_gift)
  SELECT (o->>'id')::uuid, l."ticketId", l.quantity, l."unitPriceCents", coalesce(l."refundPlaces", 0),
         coalesce(l."insuranceCents", 0), coalesce(l."isGift", false)
    FROM jsonb_array_elements(p) AS o, jsonb_to_recordset(o->'lines')
      AS l("ticketId" uuid, quantity integer, "unitPriceCents" integer, "refundPlaces" integer,
           "insuranceCents" integer, "isGift" boolean);
END
$$;
--> statement-breakpoint
-- guichet_insert_order: db/functions/guichet_insert_order.sql
-- One order and its lines (guichet_insert_orders, where the argument is described), for the
-- callers that write one: free orders and the door.
CREATE OR REPLACE FUNCTION guichet_insert_order(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_insert_orders(jsonb_build_array(p));
END
$$;
--> statement-breakpoint
-- guichet_hold_counters: db/functions/guichet_hold_counters.sql
-- An event's tickets as a hold counts them (guichet_hold_batch): their ids in id order, the
-- places each has left (-1 when it is not for sale: unavailable, deleted or multipart) and the
-- places taken of the tickets the event's cap counts. Read under the caller's snapshot.
CREATE OR REPLACE FUNCTION guichet_hold_counters(p_event uuid, OUT ids uuid[], OUT free integer[], OUT taken integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(CASE WHEN t.is_available AND t.deleted_at IS NULL AND NOT t.is_multipart
                        THEN t.quantity - t.sold - t.held ELSE -1 END ORDER BY t.id),
         coalesce(sum(t.sold + t.held) FILTER (WHERE NOT t.is_multipart AND t.deleted_at IS NULL), 0)::integer
    INTO ids, free, taken
    FROM tickets t WHERE t.event_id = p_event;
END
$$;
--> statement-breakpoint
-- guichet_hold_lines: db/functions/guichet_hold_lines.sql
-- The places a hold request asks for, in its lines' order, the gift's place last.
CREATE OR REPLACE FUNCTION guichet_hold_lines(p jsonb, OUT tickets uuid[], OUT quantities integer[])
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  SELECT array_agg(l."ticketId" ORDER BY l.n), array_agg(l.quantity ORDER BY l.n)
    INTO tickets, quantities
    FROM ROWS FROM (jsonb_to_recordset(p->'lines') AS ("ticketId" uuid, quantity integer))
      WITH ORDINALITY AS l("ticketId", quantity, n);
  IF p->>'giftTicketId' IS NOT NULL THEN
    tickets := tickets || (p->>'giftTicketId')::uuid;
    quantities := quantities || 1;
  END IF;
END
$$;
--> statement-breakpoint
-- guichet_fit_places: db/functions/guichet_fit_places.sql
-- Whether a hold's places fit what is left (guichet_hold_batch): p_free holds the places left
-- per ticket of p_ids, then the event's room under its cap as its last element. Returns what is
-- left once they are taken, or NULL when any line, or the whole under the cap, does not fit
-- (all or none, as guichet_take_places).
CREATE OR REPLACE FUNCTION guichet_fit_places(p_free integer[], p_ids uuid[], p_tickets uuid[], p_quantities integer[])
RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_free integer[] := p_free;
  v_room integer := cardinality(p_free);
  v_at integer;
BEGIN
  IF coalesce(cardinality(p_tickets), 0) = 0 THEN RETURN NULL; END IF;
  FOR i IN 1 .. cardinality(p_tickets) LOOP
    v_at := array_position(p_ids, p_tickets[i]);
    IF v_at IS NULL OR p_quantities[i] IS NULL OR p_quantities[i] < 1 OR v_free[v_at] < p_quantities[i] THEN
      RETURN NULL;
    END IF;
    v_free[v_at] := v_free[v_at] - p_quantities[i];
    v_free[v_room] := v_free[v_room] - p_quantities[i];
  END LOOP;
  IF v_free[v_room] < 0 THEN RETURN NULL; END IF;
  RETURN v_free;
END
$$;
--> statement-breakpoint
-- guichet_hold_expired_exists: db/functions/guichet_hold_expired_exists.sql
-- Whether the event has holds past their deadline, not yet reclaimed: a refused hold then asks
-- for them to be reclaimed (they may give places and promo uses back) and is tried again. Planned
-- with its values each time (once per batch of holds): a generic plan cannot tell that the
-- deadline's range is narrow, and read every order of the table instead of orders_awaiting_idx.
CREATE OR REPLACE FUNCTION guichet_hold_expired_exists(p_event uuid, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM orders WHERE status = 'awaiting_payment' AND expires_at <= p_now AND event_id = p_event
  );
END
$$;
--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION guichet_hold_batch(p jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
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
  v_orders jsonb := '[]';
  v_buyers uuid[] := '{}';
  v_expired boolean;
  v_updated integer;
BEGIN
  PERFORM 1 FROM users
    WHERE id IN (SELECT (r->>'userId')::uuid FROM jsonb_array_elements(p) AS r)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM discount_codes
    WHERE id IN (SELECT (r->'order'->>'discountCodeId')::uuid FROM jsonb_array_elements(p) AS r)
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
    -- an earlier request of this batch is one too.
    IF v_user = ANY (v_buyers) OR EXISTS (SELECT 1 FROM orders WHERE user_id = v_user AND event_id = v_event
                                            AND status = 'awaiting_payment' AND expires_at > v_now) THEN
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
    v_orders := v_orders || (v_request->'order' || jsonb_build_object(
      'id', v_request->>'orderId', 'eventId', v_event, 'userId', v_user, 'buyerEmail', v_email,
      'status', 'awaiting_payment',
      'lines', CASE WHEN v_gift IS NULL THEN v_request->'lines' ELSE v_request->'lines' || jsonb_build_array(
        jsonb_build_object('ticketId', v_gift, 'quantity', 1, 'unitPriceCents', 0, 'isGift', true)) END));
    v_outcomes[i] := 'pending';
  END LOOP;
  IF cardinality(v_buyers) = 0 THEN RETURN v_outcomes; END IF;
  PERFORM guichet_insert_orders(v_orders);

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
-- guichet_hold: db/functions/guichet_hold.sql
-- A paid order's hold in one call, so one round trip (docs/decisions.md, "On-sale path"): a batch
-- of one (guichet_hold_batch, where its argument, its rules and its answers are described).
CREATE OR REPLACE FUNCTION guichet_hold(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN (guichet_hold_batch(jsonb_build_array(p)))[1];
END
$$;
