DROP INDEX "events_public_listing_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "city" text GENERATED ALWAYS AS (nullif(btrim(substring(address from '[0-9]{5}[[:space:]]+([^,]+)')), '')) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "events_listing_idx" ON "events" USING btree ("date_begin","id") WHERE is_public and deleted_at is null and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_listing_type_idx" ON "events" USING btree ("type_id","date_begin","id") WHERE is_public and deleted_at is null and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_listing_free_idx" ON "events" USING btree ("date_begin","id") WHERE is_public and deleted_at is null and cancelled_at is null and max_price_cents = 0;--> statement-breakpoint
-- Hand-written (issue 14): the text search, city and distance filters of the event list.
-- Accents and case are ignored: unaccent, wrapped in an immutable function so that it may be
-- indexed (unaccent itself is only stable: its dictionary could change).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION guichet_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- French full text without accents: "fete" finds "Fête", "concerts" finds "concert".
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'guichet_fr') THEN
    CREATE TEXT SEARCH CONFIGURATION guichet_fr (COPY = pg_catalog.french);
    ALTER TEXT SEARCH CONFIGURATION guichet_fr
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
  END IF;
END $$;--> statement-breakpoint
-- The document of an event: its title first, then its organiser and address, then its description.
CREATE OR REPLACE FUNCTION guichet_event_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('guichet_fr', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('guichet_fr', coalesce(
      (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = NEW.organizer_id), '')), 'B') ||
    setweight(to_tsvector('guichet_fr', coalesce(NEW.address, '')), 'B') ||
    setweight(to_tsvector('guichet_fr', left(coalesce(NEW.description, ''), 10000)), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER events_search_vector
  BEFORE INSERT OR UPDATE OF title, description, address, organizer_id ON events
  FOR EACH ROW EXECUTE FUNCTION guichet_event_search_vector();--> statement-breakpoint
-- An organiser who changes their name is found under the new one.
CREATE OR REPLACE FUNCTION guichet_organizer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET title = title WHERE organizer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_renamed_search_vector
  AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION guichet_organizer_renamed();--> statement-breakpoint
-- The lowest and highest visible prices of an event follow its tickets. Only the columns that
-- change them fire it: holds and sales (held, sold) never do.
CREATE OR REPLACE FUNCTION guichet_refresh_event_prices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.event_id ELSE NEW.event_id END;
BEGIN
  UPDATE events e
     SET min_price_cents = p.low, max_price_cents = p.high
    FROM (SELECT coalesce(min(price_cents), 0) AS low, coalesce(max(price_cents), 0) AS high
            FROM tickets WHERE event_id = target AND NOT is_hidden AND deleted_at IS NULL) p
   WHERE e.id = target AND (e.min_price_cents, e.max_price_cents) IS DISTINCT FROM (p.low, p.high);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_event_prices
  AFTER INSERT OR DELETE OR UPDATE OF price_cents, is_hidden, deleted_at ON tickets
  FOR EACH ROW EXECUTE FUNCTION guichet_refresh_event_prices();--> statement-breakpoint
UPDATE events SET title = title;--> statement-breakpoint
UPDATE events e
   SET min_price_cents = p.low, max_price_cents = p.high
  FROM (SELECT event_id, min(price_cents) AS low, max(price_cents) AS high
          FROM tickets WHERE NOT is_hidden AND deleted_at IS NULL GROUP BY event_id) p
 WHERE e.id = p.event_id;--> statement-breakpoint
CREATE INDEX events_search_idx ON events USING gin (search_vector)
  WHERE is_public AND deleted_at IS NULL AND cancelled_at IS NULL;--> statement-breakpoint
CREATE INDEX events_city_idx ON events (guichet_unaccent(lower(city)), date_begin, id)
  WHERE is_public AND deleted_at IS NULL AND cancelled_at IS NULL;--> statement-breakpoint
-- Distance: a box around the point through this GiST index, then the exact distance.
CREATE INDEX events_location_idx ON events USING gist (point(longitude, latitude))
  WHERE is_public AND deleted_at IS NULL AND cancelled_at IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL;
