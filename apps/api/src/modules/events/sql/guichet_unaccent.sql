-- The event list's search ignores accents. unaccent() is only STABLE (its dictionary could
-- change), so an index on it needs this IMMUTABLE wrapper naming the dictionary explicitly.
CREATE OR REPLACE FUNCTION guichet_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
