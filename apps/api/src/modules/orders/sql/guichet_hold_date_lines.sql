-- The places a hold request takes per date (guichet_hold_batch, an event of several dates): its
-- lines' and its gift's (the gift is for the date of the request's first line), through
-- guichet_date_lines. `undated` tells a line of a ticket for one date that names none: a request
-- made before the event had dates, to be made again.
CREATE OR REPLACE FUNCTION guichet_hold_date_lines(p jsonb, OUT dates uuid[], OUT quantities integer[],
                                                   OUT undated boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_tickets uuid[];
  v_dates uuid[];
  v_quantities integer[];
BEGIN
  SELECT array_agg(l."ticketId" ORDER BY l.n), array_agg(l."dateId" ORDER BY l.n), array_agg(l.quantity ORDER BY l.n)
    INTO v_tickets, v_dates, v_quantities
    FROM ROWS FROM (jsonb_to_recordset(p->'lines') AS ("ticketId" uuid, "dateId" uuid, quantity integer))
      WITH ORDINALITY AS l("ticketId", "dateId", quantity, n);
  IF p->>'giftTicketId' IS NOT NULL THEN
    v_tickets := v_tickets || (p->>'giftTicketId')::uuid;
    v_dates := v_dates || v_dates[1];
    v_quantities := v_quantities || 1;
  END IF;
  undated := EXISTS (SELECT 1 FROM unnest(v_tickets, v_dates) AS l(ticket_id, date_id)
                      JOIN tickets t ON t.id = l.ticket_id WHERE l.date_id IS NULL AND NOT t.is_pass);
  SELECT d.dates, d.quantities INTO dates, quantities FROM guichet_date_lines(v_tickets, v_dates, v_quantities) d;
END
$$;
