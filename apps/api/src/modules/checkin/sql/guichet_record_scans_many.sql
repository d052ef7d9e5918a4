-- The scans of several door requests of one event in one statement, one round trip and one commit
-- (the group commit of docs/decisions.md, "Check-in": one statement a scan): each element is the
-- argument of one `guichet_record_scans` call, recorded in the order given, each answered as that
-- call answers (its outcomes, or its stale copy). A failure fails them all; the application then
-- sends each alone.
CREATE OR REPLACE FUNCTION guichet_record_scans_many(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb := '[]'::jsonb;
  v_call jsonb;
BEGIN
  FOR v_call IN SELECT c FROM jsonb_array_elements(p) WITH ORDINALITY AS t(c, n) ORDER BY n LOOP
    v_out := v_out || jsonb_build_array(guichet_record_scans(v_call));
  END LOOP;
  RETURN v_out;
END
$$;
