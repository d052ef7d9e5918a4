-- Edited events bring their new words (PostgreSQL allows no column list beside a transition
-- table: every update of events passes, and a word already known costs one primary key probe).
CREATE OR REPLACE TRIGGER events_search_words_changed
  AFTER UPDATE ON events REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION guichet_add_search_words();
