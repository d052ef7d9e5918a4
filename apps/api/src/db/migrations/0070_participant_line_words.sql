CREATE TABLE "participant_line_words" (
	"event_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"key" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "participant_line_words_event_id_word_key_pk" PRIMARY KEY("event_id","word","key") INCLUDE ("quantity")
);
--> statement-breakpoint
-- Hand-written (issue 34): byte order and the places in the key's index (both set here, drizzle has
-- no words for them), so that a search counts its rows and places from the index alone; the words of
-- the rows kept so far; guichet_refresh_participant_lines keeps the table from now on.
INSERT INTO participant_line_words (event_id, word, key, quantity)
SELECT pl.event_id, w.lexeme, pl.key, pl.quantity FROM participant_lines pl CROSS JOIN unnest(pl.search) w;--> statement-breakpoint
DROP INDEX "participant_lines_search_idx";
