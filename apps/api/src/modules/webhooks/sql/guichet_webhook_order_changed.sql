-- An order paid or refunded, whichever path wrote it (the on-sale's settlement, a free order, the
-- door, a refund): `order.paid` and `order.refunded` for its event's organiser, in the same
-- transaction. An order a rolled back settlement paid tells nobody.
CREATE OR REPLACE FUNCTION guichet_webhook_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_organizer uuid;
BEGIN
  SELECT e.organizer_id INTO v_organizer FROM events e WHERE e.id = NEW.event_id;
  PERFORM guichet_emit_webhook(
    v_organizer,
    CASE NEW.status WHEN 'paid' THEN 'order.paid' ELSE 'order.refunded' END,
    jsonb_build_object('orderId', NEW.id, 'reference', NEW.reference, 'eventId', NEW.event_id,
                       'status', NEW.status, 'totalCents', NEW.total_cents, 'ticketCount', NEW.ticket_count,
                       'currency', 'EUR', 'buyerEmail', NEW.buyer_email, 'buyerFirstName', NEW.buyer_first_name,
                       'buyerLastName', NEW.buyer_last_name, 'paidAt', NEW.paid_at));
  RETURN NULL;
END $$;
