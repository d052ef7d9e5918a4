-- The ledger is appended to, never changed: a mistake is corrected by a new entry.
CREATE OR REPLACE FUNCTION guichet_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed' USING ERRCODE = 'restrict_violation';
END
$$;
