-- One insert path for every order (paid at once or held): guichet_insert_order writes the order and
-- its lines from one JSON object; guichet_hold now calls it instead of its own inserts.
-- The one way an order and its lines are written, paid (free orders, the door) or held (through
-- guichet_hold). Its one argument is the order as a JSON object named as the orders table's
-- columns in camelCase (NewOrder in modules/checkout/orders.repository.ts), with its id and its
-- `lines`; amounts the caller leaves out are 0, a line's `isGift` false.
CREATE OR REPLACE FUNCTION guichet_insert_order(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders (id, reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                      buyer_birth_date, buyer_phone, studies, status, provider, onsite_payment, discount_code_id,
                      discount_percent, subtotal_cents, discount_cents, insurance_cents, fee_cents, total_cents,
                      ticket_count, expires_at, access_token_hash, paid_at)
  SELECT o.id, o.reference, o."eventId", o."userId", o."buyerEmail", o."buyerFirstName", o."buyerLastName",
         o."buyerBirthDate", o."buyerPhone", o.studies, o.status, o.provider, o."onsitePayment", o."discountCodeId",
         o."discountPercent", o."subtotalCents", coalesce(o."discountCents", 0), coalesce(o."insuranceCents", 0),
         coalesce(o."feeCents", 0), o."totalCents", o."ticketCount", o."expiresAt", o."accessTokenHash", o."paidAt"
    FROM jsonb_to_record(p) AS o(id uuid, reference text, "eventId" uuid, "userId" uuid, "buyerEmail" text,
         "buyerFirstName" text, "buyerLastName" text, "buyerBirthDate" date, "buyerPhone" text, studies text,
         status text, provider text, "onsitePayment" text, "discountCodeId" uuid, "discountPercent" integer,
         "subtotalCents" integer, "discountCents" integer, "insuranceCents" integer, "feeCents" integer,
         "totalCents" integer, "ticketCount" integer, "expiresAt" timestamptz, "accessTokenHash" text,
         "paidAt" timestamptz);
  INSERT INTO order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents, is_gift)
  SELECT (p->>'id')::uuid, l."ticketId", l.quantity, l."unitPriceCents", coalesce(l."refundPlaces", 0),
         coalesce(l."insuranceCents", 0), coalesce(l."isGift", false)
    FROM jsonb_to_recordset(p->'lines')
      AS l("ticketId" uuid, quantity integer, "unitPriceCents" integer, "refundPlaces" integer,
           "insuranceCents" integer, "isGift" boolean);
END
$$;
--> statement-breakpoint
-- A paid order's hold in one call, so one round trip (docs/decisions.md, "On-sale path"). Its one
-- argument is a JSON object with named fields (see HoldRequest in modules/checkout): the order,
-- its lines, the buyer, the sale fingerprint the order was checked against.
-- It checks that the caller's copy of the sale is current, finds a guest's account, applies the
-- one-free-place-per-account rule when the order has free lines, takes the promo code's use, then
-- the places (gift included: all or none), then writes the order and its lines (guichet_insert_order). Locks are taken
-- in the order every path follows: promo code, event, tickets; the hot ticket row is locked from
-- the take to the commit, which follows at once.
-- Answers 'held', 'stale' (reload the sale and start again), 'no_account', 'one_free_ticket',
-- 'promo_exhausted', 'expired_holds' (reclaim them in a transaction of their own, then call again
-- with afterReclaim) or 'sold_out'. Nothing is written unless the answer is 'held'.
CREATE OR REPLACE FUNCTION guichet_hold(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid := (p->>'eventId')::uuid;
  v_order uuid := (p->>'orderId')::uuid;
  v_user uuid := (p->>'userId')::uuid;
  v_email text := p->>'email';
  v_now timestamptz := (p->>'now')::timestamptz;
  v_discount uuid := (p->'order'->>'discountCodeId')::uuid;
  v_gift uuid := (p->>'giftTicketId')::uuid;
  v_tickets uuid[];
  v_quantities integer[];
BEGIN
  IF guichet_sale_fingerprint(v_event) IS DISTINCT FROM p->>'fingerprint' THEN RETURN 'stale'; END IF;
  IF v_user IS NULL THEN
    SELECT id, email INTO v_user, v_email FROM users WHERE email = v_email AND deleted_at IS NULL;
    IF NOT FOUND THEN RETURN 'no_account'; END IF;
  END IF;
  IF (p->>'hasFreeLines')::boolean AND guichet_free_ticket_taken(v_event, v_user, false, v_now) THEN
    RETURN 'one_free_ticket';
  END IF;
  SELECT array_agg(l."ticketId" ORDER BY l.n), array_agg(l.quantity ORDER BY l.n)
    INTO v_tickets, v_quantities
    FROM ROWS FROM (jsonb_to_recordset(p->'lines') AS ("ticketId" uuid, quantity integer))
      WITH ORDINALITY AS l("ticketId", quantity, n);
  IF v_gift IS NOT NULL THEN
    v_tickets := v_tickets || v_gift;
    v_quantities := v_quantities || 1;
  END IF;
  IF v_discount IS NOT NULL THEN
    UPDATE discount_codes SET used = used + 1 WHERE id = v_discount AND is_enabled AND used < quantity;
    IF NOT FOUND THEN
      -- Expired holds may give a use back.
      IF NOT (p->>'afterReclaim')::boolean AND EXISTS (
        SELECT 1 FROM orders
         WHERE status = 'awaiting_payment' AND expires_at <= v_now AND event_id = v_event
      ) THEN
        RETURN 'expired_holds';
      END IF;
      RETURN 'promo_exhausted';
    END IF;
  END IF;
  IF NOT guichet_take_places(v_event, v_tickets, v_quantities, 'held') THEN
    IF v_discount IS NOT NULL THEN
      UPDATE discount_codes SET used = used - 1 WHERE id = v_discount;
    END IF;
    IF NOT (p->>'afterReclaim')::boolean AND EXISTS (
      SELECT 1 FROM orders
       WHERE status = 'awaiting_payment' AND expires_at <= v_now AND event_id = v_event
    ) THEN
      RETURN 'expired_holds';
    END IF;
    RETURN 'sold_out';
  END IF;
  PERFORM guichet_insert_order(p->'order' || jsonb_build_object(
    'id', v_order, 'eventId', v_event, 'userId', v_user, 'buyerEmail', v_email, 'status', 'awaiting_payment',
    'lines', CASE WHEN v_gift IS NULL THEN p->'lines' ELSE p->'lines' || jsonb_build_array(jsonb_build_object(
      'ticketId', v_gift, 'quantity', 1, 'unitPriceCents', 0, 'isGift', true)) END));
  RETURN 'held';
END
$$;
