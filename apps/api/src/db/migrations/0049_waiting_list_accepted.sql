ALTER TABLE "waiting_list_entries" DROP CONSTRAINT "waiting_list_status_check";--> statement-breakpoint
DROP INDEX "waiting_list_live_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_waiting_list_offer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "waiting_list_offer_order_idx" ON "waiting_list_entries" USING btree ("offer_order_id") WHERE "waiting_list_entries"."offer_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_live_key" ON "waiting_list_entries" USING btree ("ticket_id","user_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered', 'accepted');--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_status_check" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'accepted', 'converted', 'left', 'expired'));--> statement-breakpoint
-- The orders made of offers, known by their entries.
UPDATE "orders" SET "is_waiting_list_offer" = true
 WHERE "id" IN (SELECT "offer_order_id" FROM "waiting_list_entries" WHERE "offer_order_id" IS NOT NULL);--> statement-breakpoint
-- 'converted' meant the link opened: converted now means paid. An offer still in its payment hold
-- is 'accepted' (unless its person is in line again), one whose hold ended unpaid 'expired'.
UPDATE "waiting_list_entries" w
   SET "status" = CASE WHEN x."running" THEN 'accepted' ELSE 'expired' END,
       "accepted_at" = w."ended_at",
       "ended_at" = CASE WHEN x."running" THEN NULL ELSE w."ended_at" END
  FROM (SELECT e."id", o."status" = 'awaiting_payment' AND NOT EXISTS (
                 SELECT 1 FROM "waiting_list_entries" l
                  WHERE l."ticket_id" = e."ticket_id" AND l."user_id" = e."user_id"
                    AND l."status" IN ('waiting', 'offered')) AS "running"
          FROM "waiting_list_entries" e JOIN "orders" o ON o."id" = e."offer_order_id"
         WHERE e."status" = 'converted' AND o."status" NOT IN ('paid', 'refund_requested', 'refunded')) x
 WHERE w."id" = x."id";
