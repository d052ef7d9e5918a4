DROP INDEX "participant_lines_search_idx";--> statement-breakpoint
CREATE INDEX "participant_lines_search_idx" ON "participant_lines" USING gin ("search") WITH (fastupdate=false);