-- The query of a search in the event list, from its words (letters and digits only, split by
-- listing.service's searchQuery): every word is required, and each is read as guichet_fr reads a
-- document (no accents, French stems; a stop word adds nothing).
--
-- A word is a prefix ('conc' finds 'concert'), expanded through search_words into the words it
-- begins, up to 32 of them: exact entries of the GIN index, which it intersects by skipping
-- through the rarest. Left as a prefix ('conc':*), the index unions the posting list of every
-- matching word into a bitmap first: on 100,000 events, 'jazz:* & ru:*' took 20 ms of index
-- scan, 'jazz & rue' 0.3 ms (bench/read-api). A word that begins more than 32 words stays a
-- prefix, and so does one that begins none (a number, or a word typed wrong).
--
-- A word that begins no known word, of 4 letters or more, also finds the known words one slip
-- away (guichet_one_edit: 'jazx' finds 'jazz', 'fetsival' finds 'festival'); a known word is
-- never corrected, so 'gala' does not bring 'gale'.
--
-- Answers null when no word is left (only stop words): the search then matches nothing.
CREATE OR REPLACE FUNCTION guichet_search_tsquery(p_words text[]) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  v_query tsquery;
  v_term tsquery;
  v_word text;
  v_lexeme text;
  v_found text[];
BEGIN
  FOREACH v_word IN ARRAY coalesce(p_words, '{}'::text[]) LOOP
    FOREACH v_lexeme IN ARRAY tsvector_to_array(to_tsvector('guichet_fr', v_word)) LOOP
      v_found := array(SELECT s.word FROM search_words s
                        WHERE s.word >= v_lexeme COLLATE "C" AND s.word < (v_lexeme || chr(1114111)) COLLATE "C"
                        ORDER BY s.word LIMIT 33);
      IF cardinality(v_found) BETWEEN 1 AND 32 THEN
        v_term := (SELECT string_agg(quote_literal(f), ' | ') FROM unnest(v_found) f)::tsquery;
      ELSE
        v_term := (quote_literal(v_lexeme) || ':*')::tsquery;
        IF cardinality(v_found) = 0 AND length(v_lexeme) >= 4 AND v_lexeme ~ '[^0-9-]' THEN
          v_found := array(SELECT s.word FROM search_words s
                            WHERE s.deletions && guichet_word_deletions(v_lexeme) AND guichet_one_edit(s.word, v_lexeme)
                            ORDER BY s.word LIMIT 16);
          IF cardinality(v_found) > 0 THEN
            v_term := v_term || (SELECT string_agg(quote_literal(f), ' | ') FROM unnest(v_found) f)::tsquery;
          END IF;
        END IF;
      END IF;
      v_query := CASE WHEN v_query IS NULL THEN v_term ELSE v_query && v_term END;
    END LOOP;
  END LOOP;
  RETURN v_query;
END $$;
