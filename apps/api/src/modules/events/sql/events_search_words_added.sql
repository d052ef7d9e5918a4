-- New events bring their words to search_words (guichet_add_search_words), once per statement.
CREATE OR REPLACE TRIGGER events_search_words_added
  AFTER INSERT ON events REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_add_search_words();
