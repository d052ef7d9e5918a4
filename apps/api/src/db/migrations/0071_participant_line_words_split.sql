-- Hand-written: the participants list's words are now split as a search splits its own (letters
-- and digits between any other signs, guichet_refresh_participant_lines); the rows kept so far are
-- computed again by the declared function once it is replaced (db/client.ts runs owed statements
-- after the declared SQL).
INSERT INTO "owed_statements" ("name", "statement") VALUES ('participant_line_words_split',
  'SELECT guichet_refresh_participant_lines(array(SELECT DISTINCT guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id) FROM participations WHERE cancelled_at IS NULL))')
ON CONFLICT ("name") DO NOTHING;
