-- The one way orders and their lines are written: by guichet_hold_batch, a batch's orders in two
-- statements (an order paid at once is held, then settled, in one transaction). Its one argument is an array of orders,
-- each a JSON object named as the orders table's columns in camelCase (NewOrder in
-- modules/orders/repository.ts), with its id and its `lines`; amounts the caller leaves
-- out are 0, a line's `isGift` false, its `holders` (one per place, named tickets) and `answers` (one
-- per place, attendee questions) none, its `dateId` (issue 32) none, the order's `answers` none.
CREATE OR REPLACE FUNCTION guichet_insert_orders(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders (id, reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                      buyer_birth_date, buyer_phone, studies, status, provider, onsite_payment, discount_code_id,
                      discount_percent, subtotal_cents, discount_cents, insurance_cents, fee_cents, total_cents,
                      ticket_count, expires_at, access_token_hash, paid_at, sold_by, answers)
  SELECT o.id, o.reference, o."eventId", o."userId", o."buyerEmail", o."buyerFirstName", o."buyerLastName",
         o."buyerBirthDate", o."buyerPhone", o.studies, o.status, o.provider, o."onsitePayment", o."discountCodeId",
         o."discountPercent", o."subtotalCents", coalesce(o."discountCents", 0), coalesce(o."insuranceCents", 0),
         coalesce(o."feeCents", 0), o."totalCents", o."ticketCount", o."expiresAt", o."accessTokenHash", o."paidAt",
         o."soldBy", nullif(o.answers, 'null'::jsonb)
    FROM jsonb_to_recordset(p) AS o(id uuid, reference text, "eventId" uuid, "userId" uuid, "buyerEmail" text,
         "buyerFirstName" text, "buyerLastName" text, "buyerBirthDate" date, "buyerPhone" text, studies text,
         status text, provider text, "onsitePayment" text, "discountCodeId" uuid, "discountPercent" integer,
         "subtotalCents" integer, "discountCents" integer, "insuranceCents" integer, "feeCents" integer,
         "totalCents" integer, "ticketCount" integer, "expiresAt" timestamptz, "accessTokenHash" text,
         "paidAt" timestamptz, "soldBy" uuid, answers jsonb);
  INSERT INTO order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents, is_gift,
                           holders, answers, date_id)
  SELECT (o->>'id')::uuid, l."ticketId", l.quantity, l."unitPriceCents", coalesce(l."refundPlaces", 0),
         coalesce(l."insuranceCents", 0), coalesce(l."isGift", false), nullif(l.holders, 'null'::jsonb),
         nullif(l.answers, 'null'::jsonb), l."dateId"
    FROM jsonb_array_elements(p) AS o, jsonb_to_recordset(o->'lines')
      AS l("ticketId" uuid, quantity integer, "unitPriceCents" integer, "refundPlaces" integer,
           "insuranceCents" integer, "isGift" boolean, holders jsonb, answers jsonb, "dateId" uuid);
END
$$;
