-- One order and its lines (guichet_insert_orders, where the argument is described), for the
-- callers that write one: free orders and the door.
CREATE OR REPLACE FUNCTION guichet_insert_order(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM guichet_insert_orders(jsonb_build_array(p));
END
$$;
