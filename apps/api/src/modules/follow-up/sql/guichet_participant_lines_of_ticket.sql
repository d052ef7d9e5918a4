-- A ticket renamed: the list's type sort follows (its own rows and its options' rows), in one
-- update of the keys alone rather than computing each row again.
CREATE OR REPLACE FUNCTION guichet_participant_lines_of_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE participant_lines pl
     SET type_key = lower(coalesce(h.title, t.title)), subtype_key = lower(t.title)
    FROM tickets t LEFT JOIN tickets h ON h.id = t.parent_id
   WHERE pl.ticket_id = t.id AND (t.id = NEW.id OR t.parent_id = NEW.id);
  RETURN NULL;
END
$$;
