CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"refund_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_amount_check" CHECK ("payment_transactions"."amount_cents" >= 0),
	CONSTRAINT "payment_transactions_kind_check" CHECK ("payment_transactions"."kind" in ('payment', 'duplicate', 'late')),
	CONSTRAINT "payment_transactions_refund_status_check" CHECK ("payment_transactions"."refund_status" in ('none', 'pending', 'refunding', 'refunded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_email_hash" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_key" ON "payment_transactions" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_refund_idx" ON "payment_transactions" USING btree ("created_at") WHERE "payment_transactions"."refund_status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "users_deleted_email_idx" ON "users" USING btree ("deleted_email_hash") WHERE "users"."deleted_email_hash" is not null;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_used_check" CHECK ("discount_codes"."used" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_counters_check" CHECK ("tickets"."sold" >= 0 and "tickets"."held" >= 0);
--> statement-breakpoint
-- A promo code's use is now taken with the hold (guichet_hold) rather than when the order is paid:
-- the holds running when this migration applies took none, and will give one back when they end.
UPDATE "discount_codes" d SET "used" = d."used" + x.uses
  FROM (SELECT "discount_code_id", count(*)::integer AS uses FROM "orders"
         WHERE "status" = 'awaiting_payment' AND "discount_code_id" IS NOT NULL GROUP BY "discount_code_id") x
 WHERE d."id" = x."discount_code_id";
--> statement-breakpoint
DROP FUNCTION IF EXISTS guichet_hold(text, uuid, uuid, text, timestamptz, boolean, uuid[], integer[], integer[],
  integer[], integer[], uuid, text, text, text, date, text, text, uuid, integer, integer, integer, integer, integer,
  integer, timestamptz, text, uuid);
--> statement-breakpoint
-- One free place per account and event (1-attendee.md §6: free events allow one ticket per
-- account; a free ticket is capped at 1): counted over the account's live participations and its
-- holds still running, not per order line, so that neither several lines nor several orders get
-- round it. On a free event every ticket counts; elsewhere only free tickets that are not gifts.
-- The check runs under a lock on (event, account) held to the end of the caller's transaction, so
-- two orders of the same account cannot both pass it.
CREATE OR REPLACE FUNCTION guichet_free_ticket_taken(p_event uuid, p_user uuid, p_free_event boolean, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_event::text || ':' || p_user::text));
  RETURN EXISTS (
    SELECT 1 FROM participations pa JOIN tickets t ON t.id = pa.ticket_id
     WHERE pa.event_id = p_event AND pa.user_id = p_user AND pa.cancelled_at IS NULL
       AND (p_free_event OR (t.price_cents = 0 AND NOT pa.is_gift))
  ) OR EXISTS (
    SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id
     WHERE o.event_id = p_event AND o.user_id = p_user AND o.status = 'awaiting_payment'
       AND o.expires_at > p_now AND (p_free_event OR (l.unit_price_cents = 0 AND NOT l.is_gift))
  );
END
$$;
--> statement-breakpoint
-- Holds past their deadline keep counting in `held` (and in their promo code's uses) until
-- reclaimed; no job runs for that. The event's expired orders are locked in id order (two
-- reclaims never wait on each other in a cycle; one that waited skips the orders the other
-- reclaimed), then their promo uses and places are given back, codes before tickets as in every
-- path (orders, promo code, event, tickets). Returns the number of tickets given places back.
CREATE OR REPLACE FUNCTION guichet_reclaim_expired(p_event uuid, p_now timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_orders uuid[];
  v_tickets uuid[];
  v_quantities integer[];
BEGIN
  WITH expired AS (
    UPDATE orders SET status = 'expired'
     WHERE id IN (SELECT id FROM orders
                   WHERE event_id = p_event AND status = 'awaiting_payment' AND expires_at <= p_now
                   ORDER BY id FOR UPDATE)
    RETURNING id
  )
  SELECT array_agg(id) INTO v_orders FROM expired;
  IF v_orders IS NULL THEN RETURN 0; END IF;
  UPDATE discount_codes d SET used = d.used - x.uses
    FROM (SELECT discount_code_id, count(*)::integer AS uses FROM orders
           WHERE id = ANY (v_orders) AND discount_code_id IS NOT NULL GROUP BY discount_code_id) x
   WHERE d.id = x.discount_code_id;
  SELECT array_agg(ticket_id ORDER BY ticket_id), array_agg(quantity ORDER BY ticket_id)
    INTO v_tickets, v_quantities
    FROM (SELECT ticket_id, sum(quantity)::integer AS quantity FROM order_lines
           WHERE order_id = ANY (v_orders) GROUP BY ticket_id) freed;
  FOR i IN 1 .. coalesce(array_length(v_tickets, 1), 0) LOOP
    UPDATE tickets SET held = held - v_quantities[i] WHERE id = v_tickets[i];
  END LOOP;
  RETURN coalesce(array_length(v_tickets, 1), 0);
END
$$;
--> statement-breakpoint
-- A paid order's hold in one call, so one round trip (docs/decisions.md, "On-sale path"). Its one
-- argument is a JSON object with named fields (see HoldRequest in modules/checkout): the order,
-- its lines, the buyer, the sale fingerprint the order was checked against.
-- It checks that the caller's copy of the sale is current, finds a guest's account, applies the
-- one-free-place-per-account rule when the order has free lines, takes the promo code's use, then
-- the places (gift included: all or none), then writes the order and its lines. Locks are taken
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
  INSERT INTO orders (id, reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                      buyer_birth_date, studies, status, provider, discount_code_id, discount_percent,
                      subtotal_cents, discount_cents, insurance_cents, fee_cents, total_cents, ticket_count,
                      expires_at, access_token_hash)
  SELECT v_order, o.reference, v_event, v_user, v_email, o."buyerFirstName", o."buyerLastName",
         o."buyerBirthDate", o.studies, 'awaiting_payment', o.provider, v_discount, o."discountPercent",
         o."subtotalCents", o."discountCents", o."insuranceCents", o."feeCents", o."totalCents",
         o."ticketCount", o."expiresAt", o."accessTokenHash"
    FROM jsonb_to_record(p->'order') AS o(reference text, "buyerFirstName" text, "buyerLastName" text,
         "buyerBirthDate" date, studies text, provider text, "discountPercent" integer, "subtotalCents" integer,
         "discountCents" integer, "insuranceCents" integer, "feeCents" integer, "totalCents" integer,
         "ticketCount" integer, "expiresAt" timestamptz, "accessTokenHash" text);
  INSERT INTO order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents)
  SELECT v_order, l."ticketId", l.quantity, l."unitPriceCents", l."refundPlaces", l."insuranceCents"
    FROM jsonb_to_recordset(p->'lines')
      AS l("ticketId" uuid, quantity integer, "unitPriceCents" integer, "refundPlaces" integer,
           "insuranceCents" integer);
  IF v_gift IS NOT NULL THEN
    INSERT INTO order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents, is_gift)
    VALUES (v_order, v_gift, 1, 0, 0, 0, true);
  END IF;
  RETURN 'held';
END
$$;
