-- The places held per ticket of an event as its readers see them (the event page, the live
-- places, the waiting list's "sold out"): held less the places of holds past their deadline that
-- nobody reclaimed yet (free to a buyer, whose hold reclaims them), plus the places owed to the
-- waiting lists (guichet_places_owed), which no buyer may take: a ticket whose places came back
-- while people wait for it reads sold out until the offer job has offered them. One home for the
-- rule, so that the page never offers what a hold refuses.
CREATE OR REPLACE FUNCTION guichet_page_held(p_event uuid, p_now timestamptz)
RETURNS TABLE (ticket_id uuid, held integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_ids uuid[];
  v_held integer[];
  v_free integer[];
  v_taken integer;
  v_cap integer;
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
  SELECT nullif(nb_max_participants, -1) INTO v_cap FROM events WHERE id = p_event;
  RETURN QUERY
    SELECT u.id, u.held + u.owed
      FROM unnest(v_ids, v_held, guichet_places_owed(v_ids, v_free, v_cap - v_taken)) AS u(id, held, owed);
END
$$;
