-- The participants list's rows named by their keys, in that order, each built from its places
-- (follow-up/repository.ts picks the page's keys by the sort's index). A function so that its
-- plan is made once per connection: planning this join of ten tables took longer than running it
-- (26 ms against 6 ms for a page of 50 at 50,000 places), at every page. Who bought it: the
-- order's buyer, or the holder's account for a place without an order; the age on the event's
-- first day from the birth date given with the order (else the account's, 1900-01-01 being none).
CREATE OR REPLACE FUNCTION guichet_participant_rows(p_keys text[])
RETURNS TABLE (
  id uuid, "firstName" text, "lastName" text, email text, age integer, quantity integer, "ticketTitle" text,
  source text, "isGift" boolean, "purchasedAt" timestamptz, "entriesUsed" integer, "lastScanAt" timestamptz,
  "promoCode" text, "promoPercent" integer, "unitPriceCents" integer, "totalCents" integer, "refundPlaces" integer,
  "insuranceCents" integer, studies text, "orderId" uuid, "orderAnswers" jsonb, places json)
LANGUAGE plpgsql STABLE
-- Its one plan from the first call: the usual five planned afresh would cost what this saves.
SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT p.id,
         coalesce(o.buyer_first_name, u.first_name, ''),
         coalesce(o.buyer_last_name, u.last_name, ''),
         coalesce(o.buyer_email, u.email, ''),
         date_part('year', age((e.date_begin AT TIME ZONE 'Europe/Paris')::date,
           nullif(coalesce(nullif(o.buyer_birth_date, date '1900-01-01'), u.birth_date), date '1900-01-01')))::int,
         g.quantity,
         CASE WHEN h.title IS NULL THEN t.title ELSE h.title || ' - ' || t.title END,
         p.source, p.is_gift,
         coalesce(o.paid_at, p.created_at),
         pe.entries_used,
         (SELECT max(s.scanned_at) FROM scans s WHERE s.participation_id = ANY (g.ids) AND s.result = 'accepted'),
         d.code,
         o.discount_percent,
         coalesce(l.unit_price_cents, t.price_cents),
         g.quantity * ((2 * coalesce(l.unit_price_cents, t.price_cents) * (100 - coalesce(o.discount_percent, 0)) + 100) / 200),
         g.refund_places,
         coalesce(l.insurance_cents, 0),
         o.studies,
         p.order_id,
         o.answers,
         -- Most rows are one place, the row's own first: built from what is joined already.
         CASE WHEN cardinality(g.ids) = 1 THEN
           json_build_array(json_build_object('id', p.id, 'ticketNumber', p.first_ticket_number,
             'holderName', guichet_holder_name(coalesce(p.holder_first_name, o.buyer_first_name),
                                               coalesce(p.holder_last_name, o.buyer_last_name), u.first_name, u.last_name),
             'entriesUsed', p.entries_used, 'answers', p.answers))
         ELSE
         (SELECT json_agg(json_build_object('id', q.id, 'ticketNumber', q.first_ticket_number,
                   'holderName', guichet_holder_name(coalesce(q.holder_first_name, qo.buyer_first_name),
                                                     coalesce(q.holder_last_name, qo.buyer_last_name), qu.first_name, qu.last_name),
                   'entriesUsed', q.entries_used, 'answers', q.answers) ORDER BY q.first_ticket_number NULLS LAST, q.id)
            FROM participations q
            LEFT JOIN orders qo ON qo.id = q.order_id
            LEFT JOIN users qu ON qu.id = q.user_id
           WHERE q.id = ANY (g.ids))
         END
    FROM unnest(p_keys) WITH ORDINALITY AS k(key, n)
    JOIN participant_lines g ON g.key = k.key
    JOIN participant_line_entries pe ON pe.key = g.key
    JOIN participations p ON p.id = g.first_id
    JOIN events e ON e.id = p.event_id
    JOIN tickets t ON t.id = p.ticket_id
    LEFT JOIN tickets h ON h.id = t.parent_id
    LEFT JOIN orders o ON o.id = p.order_id
    LEFT JOIN LATERAL (SELECT * FROM order_lines ol WHERE ol.order_id = p.order_id AND ol.ticket_id = p.ticket_id
                         AND ol.is_gift = p.is_gift ORDER BY ol.date_id IS NOT DISTINCT FROM p.date_id DESC LIMIT 1) l ON true
    LEFT JOIN discount_codes d ON d.id = o.discount_code_id
    LEFT JOIN users u ON u.id = p.user_id
   ORDER BY k.n;
END
$$;
