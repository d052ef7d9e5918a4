-- An organiser's streams with their balances, each read from its last entry: one per event they
-- organise (oldest end first), then their own (the administrator's adjustments). Their sum is the
-- organiser's balance; a stream below 0 is money they owe. In bigint: an event's sales may pass
-- the 21.4 M€ an integer of cents holds.
CREATE OR REPLACE FUNCTION guichet_organizer_balances(p_organizer uuid)
RETURNS TABLE (stream_id uuid, event_id uuid, balance_cents bigint) LANGUAGE sql STABLE AS $$
  SELECT s.id, s.event_id, coalesce(h.balance, 0)
    FROM (SELECT id, id AS event_id, date_end AS at FROM events WHERE organizer_id = p_organizer
          UNION ALL SELECT p_organizer, NULL, 'infinity'::timestamptz) s
    LEFT JOIN LATERAL (SELECT stream_balance_cents AS balance FROM ledger_entries
                        WHERE ledger_entries.stream_id = s.id ORDER BY stream_seq DESC LIMIT 1) h ON true
   ORDER BY s.at, s.id
$$;
