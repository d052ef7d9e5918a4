-- An account renamed, or erased when deleted: the list's rows of its places are computed again
-- (their names and search words may come from the account), so no old name stays behind.
CREATE OR REPLACE FUNCTION guichet_participant_lines_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_refresh_participant_lines(array(
    SELECT guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id)
      FROM participations WHERE user_id = NEW.id));
  RETURN NULL;
END
$$;
