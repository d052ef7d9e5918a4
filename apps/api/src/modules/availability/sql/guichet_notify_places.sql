-- Live availability (issue 17, docs/decisions.md "Live availability"): every change of a ticket's
-- held or sold places, whatever made it (a hold, a release, a reclaim, a payment, a door sale, a
-- refund, a cancellation), tells the listening processes which event changed. PostgreSQL sends
-- the notifications of a transaction at its commit, once per distinct payload: a hold of three
-- ticket types is one message, and a rolled back change is none.
CREATE OR REPLACE FUNCTION guichet_notify_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('guichet_places', NEW.event_id::text);
  RETURN NULL;
END $$;
