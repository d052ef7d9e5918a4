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
    -- The account's orders of the event first (see guichet_hold_batch: no plan through
    -- orders_awaiting_idx, which holds every live hold of the sale).
    SELECT 1 FROM (SELECT id, status, expires_at FROM orders WHERE event_id = p_event AND user_id = p_user OFFSET 0) o
      JOIN order_lines l ON l.order_id = o.id
     WHERE o.status = 'awaiting_payment' AND o.expires_at > p_now
       AND (p_free_event OR (l.unit_price_cents = 0 AND NOT l.is_gift))
  );
END
$$;
