-- The places held per ticket of an event as its readers see them (the event page, the live
-- places, the waiting list's "sold out"): held less the places of holds past their deadline that
-- nobody reclaimed yet (free to a buyer, whose hold reclaims them), plus the places owed to the
-- waiting lists (guichet_places_owed), which no buyer may take: a ticket whose places came back
-- while people wait for it reads sold out until the offer job has offered them. One home for the
-- rule, so that the page never offers what a hold refuses.
-- An event of several dates (issue 32) also has a row per date (`date_id` set, `ticket_id` NULL):
-- its held places plus those owed to its lines (a date's holds past their deadline count until
-- reclaimed, as the page has always shown them), so that a date whose place came back while
-- people wait for that date reads full, and one whose place nobody waits for does not.
CREATE OR REPLACE FUNCTION guichet_page_held(p_event uuid, p_now timestamptz)
RETURNS TABLE (ticket_id uuid, date_id uuid, held integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_ids uuid[];
  v_held integer[];
  v_free integer[];
  v_taken integer;
  v_cap integer;
  v_date_ids uuid[];
  v_date_held integer[];
  v_date_free integer[];
  v_owed record;
BEGIN
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(t.held - coalesce(x.quantity, 0) ORDER BY t.id),
         array_agg(CASE WHEN t.is_available AND NOT t.is_multipart
                        THEN t.quantity - t.sold - t.held + coalesce(x.quantity, 0) ELSE -1 END ORDER BY t.id),
         coalesce(sum(t.sold + t.held - coalesce(x.quantity, 0)) FILTER (WHERE NOT t.is_multipart), 0)::integer
    INTO v_ids, v_held, v_free, v_taken
    FROM tickets t
    LEFT JOIN (SELECT l.ticket_id, sum(l.quantity)::integer AS quantity
                 FROM orders o JOIN order_lines l ON l.order_id = o.id
                WHERE o.event_id = p_event AND o.status = 'awaiting_payment' AND o.expires_at <= p_now
                GROUP BY l.ticket_id) x ON x.ticket_id = t.id
   WHERE t.event_id = p_event AND t.deleted_at IS NULL;
  SELECT array_agg(d.id ORDER BY d.id), array_agg(d.held ORDER BY d.id),
         array_agg(guichet_date_free(d.capacity, d.sold, d.held, d.cancelled_at) ORDER BY d.id)
    INTO v_date_ids, v_date_held, v_date_free
    FROM event_dates d WHERE d.event_id = p_event;
  SELECT nullif(nb_max_participants, -1) INTO v_cap FROM events WHERE id = p_event;
  SELECT * INTO v_owed FROM guichet_places_owed(v_ids, v_free, v_cap - v_taken, v_date_ids, v_date_free);
  RETURN QUERY
    SELECT u.id, NULL::uuid, u.held + u.owed
      FROM unnest(v_ids, v_held, v_owed.ticket_owed) AS u(id, held, owed)
    UNION ALL
    SELECT NULL::uuid, u.id, u.held + u.owed
      FROM unnest(v_date_ids, v_date_held, v_owed.date_owed) AS u(id, held, owed);
END
$$;
