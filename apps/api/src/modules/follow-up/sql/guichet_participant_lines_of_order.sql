-- An order paid, or its buyer's name, address or promo changed: the list's rows of its places
-- are computed again (trigger orders_participant_lines).
CREATE OR REPLACE FUNCTION guichet_participant_lines_of_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_refresh_participant_lines(array(
    SELECT guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id)
      FROM participations WHERE order_id = NEW.id));
  RETURN NULL;
END
$$;
