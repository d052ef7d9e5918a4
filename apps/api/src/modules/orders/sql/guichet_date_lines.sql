-- The places lines take per date (issue 32, docs/decisions.md "Dates"): a line of a ticket for
-- one date takes its quantity on that date; a pass's line takes it on every date the pass
-- covers (its ticket_dates, or every date of its event when it has none). Summed per date, in
-- date id order (the order every path takes dates in). Lines with no date of a one-date event
-- take nothing: their event has no date row.
CREATE OR REPLACE FUNCTION guichet_date_lines(p_tickets uuid[], p_dates uuid[], p_quantities integer[],
                                              OUT dates uuid[], OUT quantities integer[])
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT array_agg(x.date_id ORDER BY x.date_id), array_agg(x.quantity ORDER BY x.date_id)
    INTO dates, quantities
    FROM (SELECT c.date_id, sum(c.quantity)::integer AS quantity
            FROM (SELECT CASE WHEN t.is_pass THEN d.id ELSE l.date_id END AS date_id, l.quantity
                    FROM unnest(p_tickets, p_dates, p_quantities) AS l(ticket_id, date_id, quantity)
                    JOIN tickets t ON t.id = l.ticket_id
                    LEFT JOIN event_dates d ON t.is_pass AND d.event_id = t.event_id
                     AND (NOT EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = t.id)
                          OR EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = t.id AND td.date_id = d.id))
                   WHERE l.quantity > 0) c
           WHERE c.date_id IS NOT NULL
           GROUP BY c.date_id) x;
END
$$;
