CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"deletions" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_deletions_idx" ON "search_words" USING gin ("deletions");--> statement-breakpoint
-- Hand-written (issue 34): the words of every event's document so far; the statement triggers of
-- modules/events/sql keep the table from now on (guichet_word_deletions computes the same array).
INSERT INTO search_words (word, deletions)
SELECT w, array(SELECT left(w, i - 1) || substr(w, i + 1) FROM generate_series(1, length(w)) i) || w
  FROM (SELECT DISTINCT unnest(tsvector_to_array(search_vector)) AS w FROM events) words
 WHERE w ~ '[^0-9-]' AND w !~ '[^[:alnum:]-]'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The text search with the start day in one GIN index (btree_gin): the first events of a search
-- are found inside the index, without reading every matching row (docs/decisions.md). A day, not
-- the instant: a range of days is a few entries of the index, a range of instants one per event.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX events_search_day_idx ON events USING gin (search_vector, ((date_begin AT TIME ZONE 'UTC')::date))
  WHERE is_public AND deleted_at IS NULL AND cancelled_at IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS events_search_idx;
