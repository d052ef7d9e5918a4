-- Holds past their deadline keep counting in `held` (and in their promo code's uses) until
-- reclaimed; no job runs for that. The event's expired orders are locked in id order (two
-- reclaims never wait on each other in a cycle; one that waited skips the orders the other
-- reclaimed), then their promo uses and places are given back, codes before tickets as in every
-- path (orders, promo code, event, dates, tickets). Returns the number of tickets given places back.
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
                   ORDER BY id FOR NO KEY UPDATE)
    RETURNING id
  )
  SELECT array_agg(id) INTO v_orders FROM expired;
  IF v_orders IS NULL THEN RETURN 0; END IF;
  UPDATE discount_codes d SET used = d.used - x.uses
    FROM (SELECT discount_code_id, count(*)::integer AS uses FROM orders
           WHERE id = ANY (v_orders) AND discount_code_id IS NOT NULL GROUP BY discount_code_id) x
   WHERE d.id = x.discount_code_id;
  -- Their dates' places (issue 32) before the tickets'.
  PERFORM guichet_date_places(array_agg(ticket_id), array_agg(date_id), array_agg(quantity), -1, 0)
     FROM order_lines WHERE order_id = ANY (v_orders);
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
