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
