-- The places owed to the waiting lists are counted per date of an event of several (issue 32):
-- the three functions take or answer the dates, and the old signatures go (the new ones are
-- declared in orders/sql).
DROP FUNCTION IF EXISTS guichet_places_owed(uuid[], integer[], integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS guichet_hold_counters(uuid);--> statement-breakpoint
DROP FUNCTION IF EXISTS guichet_page_held(uuid, timestamptz);
