ALTER TABLE "events" ADD COLUMN "is_named_tickets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "holders_editable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "holders" jsonb;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "split_from" uuid;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "holder_first_name" text;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "holder_last_name" text;--> statement-breakpoint
CREATE INDEX "participations_split_from_idx" ON "participations" USING btree ("split_from") WHERE "participations"."split_from" is not null;--> statement-breakpoint
-- split-places:begin (one ticket per place, docs/decisions.md; run again by participations/split.test.ts)
-- Each participation of several places becomes one per place: the original keeps its id (a code
-- signed for it still counts its group's entries) and is place 1; the others point at it by
-- split_from, take the following numbers, and share out its entries and refund options, first places first.
INSERT INTO participations (id, event_id, ticket_id, user_id, order_id, quantity, refund_places, is_gift,
                            refund_requested_at, source, entries_used, first_ticket_number, cancelled_at,
                            created_at, split_from)
SELECT gen_random_uuid(), p.event_id, p.ticket_id, p.user_id, p.order_id, 1,
       CASE WHEN i < p.refund_places THEN 1 ELSE 0 END, p.is_gift, p.refund_requested_at, p.source,
       CASE WHEN i < p.entries_used THEN 1 ELSE 0 END, p.first_ticket_number + i, p.cancelled_at,
       p.created_at, p.id
  FROM participations p CROSS JOIN LATERAL generate_series(1, p.quantity - 1) AS i
 WHERE p.quantity > 1;
--> statement-breakpoint
UPDATE participations SET quantity = 1, entries_used = least(entries_used, 1), refund_places = least(refund_places, 1)
 WHERE quantity > 1;
-- split-places:end
--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_one_place_check" CHECK ("participations"."quantity" = 1 or ("participations"."quantity" = 0 and "participations"."cancelled_at" is not null));