-- An offer's order at the end of its payment hold (docs/decisions.md, "Waiting list"), whichever
-- path ended it (the settlement, a payment refused or cancelled, the buyer giving the hold back,
-- the reclaim of expired holds): paid, its entry is `converted` (a late payment honoured after
-- the hold ended too); ended unpaid, its entry `expired`, that person leaving the line, while
-- the places given back by the same change call the next people (tickets_waiting_list_places_back).
-- An offer that ends before its link is opened is its service's to record (expired, left).
CREATE OR REPLACE FUNCTION guichet_waiting_list_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'paid' THEN
    UPDATE waiting_list_entries SET status = 'converted', ended_at = coalesce(NEW.paid_at, now())
     WHERE offer_order_id = NEW.id AND status <> 'converted';
  ELSE
    UPDATE waiting_list_entries SET status = 'expired', ended_at = now()
     WHERE offer_order_id = NEW.id AND status = 'accepted';
  END IF;
  RETURN NULL;
END $$;
