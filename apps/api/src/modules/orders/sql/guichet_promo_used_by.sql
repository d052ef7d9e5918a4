-- A single-use promo code (discount_codes.is_single_use, true by default: 2-organiser.md §3) is
-- used once per account (docs/decisions.md, "Single-use promo codes"): by the buyer's live hold or
-- paid order of the event, refunded or not. An expired, cancelled or failed order gave its use
-- back. Without p_holds, live holds are left out: the early answer when the code is typed must not
-- count the buyer's own hold, which a new order gives back first. The buyer's orders of the event
-- are read first (OFFSET 0), as the hold's other checks do.
CREATE OR REPLACE FUNCTION guichet_promo_used_by(p_code uuid, p_user uuid, p_now timestamptz, p_holds boolean)
RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM discount_codes d,
           LATERAL (SELECT status, expires_at, discount_code_id FROM orders
                     WHERE user_id = p_user AND event_id = d.event_id OFFSET 0) o
     WHERE d.id = p_code AND d.is_single_use AND o.discount_code_id = p_code
       AND (o.status IN ('paid', 'refund_requested', 'refunded')
            OR (p_holds AND o.status = 'awaiting_payment' AND o.expires_at > p_now)))
$$;
