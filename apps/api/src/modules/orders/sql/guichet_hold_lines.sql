-- The places a hold request asks for, in its lines' order, the gift's place last.
CREATE OR REPLACE FUNCTION guichet_hold_lines(p jsonb, OUT tickets uuid[], OUT quantities integer[])
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  SELECT array_agg(l."ticketId" ORDER BY l.n), array_agg(l.quantity ORDER BY l.n)
    INTO tickets, quantities
    FROM ROWS FROM (jsonb_to_recordset(p->'lines') AS ("ticketId" uuid, quantity integer))
      WITH ORDINALITY AS l("ticketId", quantity, n);
  IF p->>'giftTicketId' IS NOT NULL THEN
    tickets := tickets || (p->>'giftTicketId')::uuid;
    quantities := quantities || 1;
  END IF;
END
$$;
