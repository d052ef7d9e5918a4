-- Orders paid at once are placed by the hold and settled as holds are (modules/orders/placement.ts):
-- the single-order insert and the take of places as sold are gone; guichet_take_places keeps only
-- holding (its new form is declared in modules/orders/sql).
DROP FUNCTION IF EXISTS guichet_insert_order(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS guichet_take_places(uuid, uuid[], integer[], text);
