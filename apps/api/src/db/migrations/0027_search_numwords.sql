-- Hand-written (issue 26): a word glued to digits ("Zèbre2026", "3ème", "Rétro-2ème") is not a
-- word to the parser but a numword, numhword or hword_numpart, which the French configuration
-- sends to `simple` untouched: its accents stayed, and "zebre2026" found nothing. They now go
-- through unaccent first, like the words (not stemmed: a stem of "2026" means nothing).
ALTER TEXT SEARCH CONFIGURATION guichet_fr
  ALTER MAPPING FOR numword, numhword, hword_numpart WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
-- Every event's document again, with the new mapping (the trigger writes it on this update).
UPDATE events SET title = title;
