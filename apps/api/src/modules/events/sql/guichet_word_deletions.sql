-- A word and the word less each one of its letters ('jazz': jazz, azz, jzz, jaz, jaz). Two words
-- one letter apart (a letter changed, added, left out, or two letters swapped) share one of
-- these: search_words keeps them under a GIN index, and an unknown search word is compared with
-- the few words found through it (guichet_one_edit), never with the whole dictionary.
CREATE OR REPLACE FUNCTION guichet_word_deletions(p_word text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array(SELECT left(p_word, i - 1) || substr(p_word, i + 1) FROM generate_series(1, length(p_word)) i) || p_word $$;
