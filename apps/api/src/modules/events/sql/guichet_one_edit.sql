-- Whether two different words are one typing slip apart: a letter changed, added or left out, or
-- two neighbouring letters swapped. It checks the candidates that share a deletion
-- (guichet_word_deletions), some of which are two slips apart ('abcd' and 'bcxd' share 'bcd').
CREATE OR REPLACE FUNCTION guichet_one_edit(p_a text, p_b text) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  la int := length(p_a);
  lb int := length(p_b);
  i int := 1;
BEGIN
  IF p_a = p_b OR abs(la - lb) > 1 THEN
    RETURN false;
  END IF;
  WHILE i <= least(la, lb) AND substr(p_a, i, 1) = substr(p_b, i, 1) LOOP
    i := i + 1;
  END LOOP;
  IF la > lb THEN
    RETURN substr(p_a, i + 1) = substr(p_b, i);
  ELSIF la < lb THEN
    RETURN substr(p_a, i) = substr(p_b, i + 1);
  END IF;
  RETURN substr(p_a, i + 1) = substr(p_b, i + 1)
      OR (substr(p_a, i, 1) = substr(p_b, i + 1, 1) AND substr(p_a, i + 1, 1) = substr(p_b, i, 1)
          AND substr(p_a, i + 2) = substr(p_b, i + 2));
END $$;
