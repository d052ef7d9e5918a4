-- A hold request carries its places per ticket as array literals (orders/sql/guichet_hold_batch.sql):
-- the function that read them from its lines is no longer called.
DROP FUNCTION IF EXISTS guichet_hold_lines(jsonb);
