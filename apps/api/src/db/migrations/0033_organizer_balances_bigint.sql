-- An organiser's stream balances are read in bigint (an event's sales may pass the 21.4 M€ an
-- integer of cents holds): the function's new form, guichet_organizer_balances, is declared in
-- modules/ledger/sql; its integer form goes.
DROP FUNCTION IF EXISTS guichet_organizer_streams(uuid);
