-- Adds the words of the events a statement inserted or updated to search_words (statement
-- triggers events_search_words_added and events_search_words_changed, transition table `added`):
-- one INSERT per statement, so a bulk insert of events costs one pass. Digits alone are left out
-- (a number is searched as a prefix, never corrected), and so is anything but letters, digits
-- and hyphens (the words are written into a tsquery). Words are never removed: a word left from
-- an edited event only makes a search look for it.
CREATE OR REPLACE FUNCTION guichet_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, deletions)
  SELECT w, guichet_word_deletions(w)
    FROM (SELECT DISTINCT unnest(tsvector_to_array(search_vector)) AS w FROM added) words
   WHERE w ~ '[^0-9-]' AND w !~ '[^[:alnum:]-]'
     AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = words.w)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
