-- Holds for several buyers of one event in one statement, one round trip and one commit: the
-- group commit of docs/decisions.md ("Group commit of holds"); a single hold is a batch of one
-- (guichet_hold). Each request is a JSON object with named fields (HoldRequest in
-- modules/orders/repository.ts; the places it asks for per ticket, and per date when the caller
-- counted them from the sale it checked, as array literals read by a cast rather than by a query
-- per request) and gets its own answer, in the order given (arrival order): 'held', 'stale'
-- (reload the sale and start again), 'no_account', 'live_hold' (the buyer still holds places of
-- the event: give them back, then call again), 'one_free_ticket', 'promo_used' (a single-use
-- code this account already used), 'promo_exhausted',
-- 'expired_holds' (reclaim them in a transaction of their own, then call again with
-- afterReclaim) or 'sold_out'. Nothing of a request is kept unless its answer is 'held'.
-- An order paid at once (free, or at the door: `settled`) is placed here too, then settled in the
-- same transaction (modules/orders/placement.ts): it is not a hold the buyer could still give
-- back, so the one-live-hold rule does not apply to it; `isFreeEvent` makes its free place the
-- event's only one; without a fingerprint (a fresh read of the sale) none is compared.
--
-- Two phases, so that the event's ticket rows, which every buyer waits for, are locked only for
-- the counting and one UPDATE. First each request's own rules (fingerprint, account, one live
-- hold, one free place, promo use), its order kept while a copy of the counters read without a
-- lock still has room for it; the kept orders are written together. Then, with the event and its
-- tickets locked, the requests are counted in arrival order against the counters as committed,
-- the orders that no longer fit are deleted, and the places of all the others are taken by one
-- UPDATE per ticket. Locks are taken in the order every path follows: buyers, promo codes, event,
-- tickets, each in id order.
-- A lock waited for longer than lock_timeout fails the batch (SQLSTATE 55P03): each request is
-- then tried alone, so that one buyer whose row another transaction keeps does not hold up the
-- whole sale's holds, which a process runs one batch at a time.
CREATE OR REPLACE FUNCTION guichet_hold_batch(p jsonb) RETURNS text[] LANGUAGE plpgsql
SET lock_timeout = '3s' AS $$
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
  v_orders jsonb[] := '{}';
  v_buyers uuid[] := '{}';
  v_expired boolean;
  v_updated integer;
  -- An event of several dates (issue 32): its dates in id order, the places each has left (-1:
  -- cancelled), and each request's places per date.
  v_dated boolean;
  v_date_ids uuid[];
  v_date_free integer[];
  v_date_locked integer[];
  v_date_fits integer[];
  v_request_dates uuid[];
  v_request_date_places integer[];
  v_undated boolean;
  -- Each kept request's places per date, as array literals (PL/pgSQL has no array of arrays of
  -- different lengths).
  v_kept_dates text[] := array_fill(NULL::text, ARRAY[v_size]);
  v_kept_date_places text[] := array_fill(NULL::text, ARRAY[v_size]);
  v_first_date_ids uuid[];
BEGIN
  -- The ids as an array, not a subquery: a semi join with a JSON function the planner cannot
  -- count read every account of the site (1.4 ms for 8,000) while this batch's locks waited.
  PERFORM 1 FROM users
    WHERE id = ANY (ARRAY(SELECT (r->>'userId')::uuid FROM jsonb_array_elements(p) AS r))
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM discount_codes
    WHERE id = ANY (ARRAY(SELECT (r->'order'->>'discountCodeId')::uuid FROM jsonb_array_elements(p) AS r))
    ORDER BY id FOR NO KEY UPDATE;
  -- Places left per date, per ticket (-1: not for sale) then the event's room, without a lock: a
  -- guess that spares an order written only to be deleted once the sale is over.
  SELECT array_agg(d.id ORDER BY d.id), array_agg(guichet_date_free(d.capacity, d.sold, d.held, d.cancelled_at) ORDER BY d.id)
    INTO v_date_ids, v_date_free FROM event_dates d WHERE d.event_id = v_event;
  v_dated := v_date_ids IS NOT NULL;
  SELECT e.nb_max_participants, t.ids, t.free, t.taken, t.date_free INTO v_cap, v_ids, v_free, v_taken, v_date_free
    FROM events e, LATERAL guichet_hold_counters(e.id, v_date_ids, v_date_free) t
   WHERE e.id = v_event AND e.deleted_at IS NULL;
  v_free := v_free || CASE WHEN v_cap IS NULL THEN -1 WHEN v_cap = -1 THEN 2147483647 ELSE v_cap - v_taken END;

  FOR i IN 1 .. v_size LOOP
    v_request := p->(i - 1);
    IF v_request->>'fingerprint' IS NOT NULL AND v_fingerprint IS DISTINCT FROM v_request->>'fingerprint' THEN
      v_outcomes[i] := 'stale';
      CONTINUE;
    END IF;
    v_user := (v_request->>'userId')::uuid;
    v_email := v_request->>'email';
    v_now := (v_request->>'now')::timestamptz;
    IF v_user IS NULL THEN
      SELECT id, email INTO v_user, v_email FROM users WHERE email = v_email AND deleted_at IS NULL;
      IF NOT FOUND THEN v_outcomes[i] := 'no_account'; CONTINUE; END IF;
      PERFORM 1 FROM users WHERE id = v_user FOR NO KEY UPDATE;
    END IF;
    -- One live hold per buyer and event (issue 15): the buyer's own row queues their holds, and
    -- an earlier request of this batch is one too. The buyer's orders of the event are read first
    -- (OFFSET 0 keeps the status out of that scan), so that no plan reads every live hold of the
    -- sale through orders_awaiting_idx.
    IF v_user = ANY (v_buyers) OR (v_request->>'settled' IS NULL AND EXISTS (
         SELECT 1 FROM (SELECT status, expires_at FROM orders WHERE user_id = v_user AND event_id = v_event OFFSET 0) o
          WHERE o.status = 'awaiting_payment' AND o.expires_at > v_now)) THEN
      v_outcomes[i] := 'live_hold';
      CONTINUE;
    END IF;
    IF (v_request->>'hasFreeLines')::boolean
       AND guichet_free_ticket_taken(v_event, v_user, coalesce((v_request->>'isFreeEvent')::boolean, false), v_now) THEN
      v_outcomes[i] := 'one_free_ticket';
      CONTINUE;
    END IF;
    v_discount := (v_request->'order'->>'discountCodeId')::uuid;
    IF v_discount IS NOT NULL AND guichet_promo_used_by(v_discount, v_user, v_now, true) THEN
      v_outcomes[i] := 'promo_used';
      CONTINUE;
    END IF;
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
    v_tickets := (v_request->>'placeTickets')::uuid[];
    v_quantities := (v_request->>'placeQuantities')::integer[];
    v_fits := guichet_fit_places(v_free, v_ids, v_tickets, v_quantities);
    v_undated := false;
    IF v_fits IS NOT NULL AND v_dated THEN
      IF v_request ? 'placeDates' THEN
        v_request_dates := (v_request->>'placeDates')::uuid[];
        v_request_date_places := (v_request->>'placeDateQuantities')::integer[];
      ELSE
        SELECT l.dates, l.quantities, l.undated INTO v_request_dates, v_request_date_places, v_undated
          FROM guichet_hold_date_lines(v_request) l;
      END IF;
      v_date_fits := CASE WHEN v_undated THEN NULL
                          ELSE guichet_fit_dates(v_date_free, v_date_ids, v_request_dates, v_request_date_places) END;
      IF v_date_fits IS NULL THEN v_fits := NULL; END IF;
    END IF;
    IF v_fits IS NULL THEN
      IF v_discount IS NOT NULL THEN UPDATE discount_codes SET used = used - 1 WHERE id = v_discount; END IF;
      v_expired := coalesce(v_expired, guichet_hold_expired_exists(v_event, v_now));
      v_outcomes[i] := CASE WHEN v_undated THEN 'stale'
                            WHEN v_expired AND NOT (v_request->>'afterReclaim')::boolean THEN 'expired_holds'
                            ELSE 'sold_out' END;
      CONTINUE;
    END IF;
    v_free := v_fits;
    IF v_dated THEN
      v_date_free := v_date_fits;
      v_kept_dates[i] := v_request_dates::text;
      v_kept_date_places[i] := v_request_date_places::text;
    END IF;
    v_gift := (v_request->>'giftTicketId')::uuid;
    v_buyers := v_buyers || v_user;
    -- An array of the orders, appended in place: a JSON array is copied whole at every append.
    v_orders := array_append(v_orders, v_request->'order' || jsonb_build_object(
      'id', v_request->>'orderId', 'eventId', v_event, 'userId', v_user, 'buyerEmail', v_email,
      'status', 'awaiting_payment',
      'lines', CASE WHEN v_gift IS NULL THEN v_request->'lines' ELSE v_request->'lines' || jsonb_build_array(
        jsonb_build_object('ticketId', v_gift, 'quantity', 1, 'unitPriceCents', 0, 'isGift', true,
                           'dateId', v_request->'lines'->0->'dateId')) END));
    v_outcomes[i] := 'pending';
  END LOOP;
  IF cardinality(v_buyers) = 0 THEN RETURN v_outcomes; END IF;
  PERFORM guichet_insert_orders(to_jsonb(v_orders));

  -- The counting: the event (when capped) and its tickets locked, the counters read after the
  -- locks are granted, so that they hold every take committed before.
  PERFORM 1 FROM events WHERE id = v_event AND nb_max_participants <> -1 FOR NO KEY UPDATE;
  -- The dates before the tickets, as every path takes them; read again once locked (dates added
  -- since the first read make a request with no date stale: dates/repository.ts locks the event
  -- FOR UPDATE while it adds the first, so none is added between this read and the commit).
  v_first_date_ids := v_date_ids;
  SELECT array_agg(d.id ORDER BY d.id), array_agg(guichet_date_free(d.capacity, d.sold, d.held, d.cancelled_at) ORDER BY d.id)
    INTO v_date_ids, v_date_free
    FROM (SELECT id, capacity, sold, held, cancelled_at FROM event_dates WHERE event_id = v_event
           ORDER BY id FOR NO KEY UPDATE) d;
  v_dated := v_date_ids IS NOT NULL;
  PERFORM 1 FROM tickets WHERE event_id = v_event ORDER BY id FOR NO KEY UPDATE;
  -- Places owed to a date's waiting line (issue 32) are no buyer's: taken off the date too.
  SELECT e.nb_max_participants, t.ids, t.free, t.taken, t.date_free INTO v_cap, v_ids, v_free, v_taken, v_date_free
    FROM events e, LATERAL guichet_hold_counters(e.id, v_date_ids, v_date_free) t
   WHERE e.id = v_event AND e.deleted_at IS NULL;
  v_free := v_free || CASE WHEN v_cap IS NULL THEN -1 WHEN v_cap = -1 THEN 2147483647 ELSE v_cap - v_taken END;
  v_locked := v_free;
  v_date_locked := v_date_free;
  FOR i IN 1 .. v_size LOOP
    CONTINUE WHEN v_outcomes[i] IS DISTINCT FROM 'pending';
    v_request := p->(i - 1);
    v_tickets := (v_request->>'placeTickets')::uuid[];
    v_quantities := (v_request->>'placeQuantities')::integer[];
    v_fits := guichet_fit_places(v_free, v_ids, v_tickets, v_quantities);
    v_undated := false;
    IF v_fits IS NOT NULL AND v_dated THEN
      -- Phase 1's places per date, kept per request: read again under the locks, they doubled
      -- what each request cost the batch (issue 32). Counted again when the event had no date
      -- then, or when a date was added meanwhile (a pass for every date takes a place on it too).
      IF v_kept_dates[i] IS NOT NULL AND v_date_ids = v_first_date_ids THEN
        v_request_dates := v_kept_dates[i]::uuid[];
        v_request_date_places := v_kept_date_places[i]::integer[];
      ELSE
        SELECT l.dates, l.quantities, l.undated INTO v_request_dates, v_request_date_places, v_undated
          FROM guichet_hold_date_lines(v_request) l;
      END IF;
      v_date_fits := CASE WHEN v_undated THEN NULL
                          ELSE guichet_fit_dates(v_date_free, v_date_ids, v_request_dates, v_request_date_places) END;
      IF v_date_fits IS NULL THEN v_fits := NULL; END IF;
    END IF;
    IF v_fits IS NOT NULL THEN
      v_free := v_fits;
      IF v_dated THEN v_date_free := v_date_fits; END IF;
      v_outcomes[i] := 'held';
    ELSE
      v_gone := v_gone || (v_request->>'orderId')::uuid;
      v_discount := (v_request->'order'->>'discountCodeId')::uuid;
      IF v_discount IS NOT NULL THEN UPDATE discount_codes SET used = used - 1 WHERE id = v_discount; END IF;
      v_expired := coalesce(v_expired, guichet_hold_expired_exists(v_event, (v_request->>'now')::timestamptz));
      v_outcomes[i] := CASE WHEN v_undated THEN 'stale'
                            WHEN v_expired AND NOT (v_request->>'afterReclaim')::boolean THEN 'expired_holds'
                            ELSE 'sold_out' END;
    END IF;
  END LOOP;
  IF cardinality(v_gone) > 0 THEN DELETE FROM orders WHERE id = ANY (v_gone); END IF;
  -- The dates' places of the whole batch, through the one writer of their counters, before the tickets.
  IF v_dated AND NOT guichet_move_dates(
       ARRAY(SELECT c.id FROM unnest(v_date_ids, v_date_locked, v_date_free) AS c(id, before, after)
              WHERE c.before > c.after ORDER BY c.id),
       ARRAY(SELECT c.before - c.after FROM unnest(v_date_ids, v_date_locked, v_date_free) AS c(id, before, after)
              WHERE c.before > c.after ORDER BY c.id), 1, 0) THEN
    RAISE EXCEPTION 'guichet_hold_batch: places counted do not match the dates of event %', v_event;
  END IF;
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
