-- The scan requests of several doors of one event in one statement (docs/decisions.md,
-- "Check-in": the door's single scans grouped): each request, an object as
-- `guichet_record_scans` takes, is recorded by it in turn, and its answer (its scans' outcomes,
-- or {"stale": …} with nothing written for that request) is the element at the same position of
-- the array answered. One request that raises fails the statement: the application then sends
-- each request alone.
CREATE OR REPLACE FUNCTION guichet_record_scan_requests(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb := '[]'::jsonb;
  v_request jsonb;
BEGIN
  FOR v_request IN SELECT r FROM jsonb_array_elements(p) WITH ORDINALITY AS t(r, i) ORDER BY i LOOP
    v_out := v_out || jsonb_build_array(guichet_record_scans(v_request));
  END LOOP;
  RETURN v_out;
END
$$;
