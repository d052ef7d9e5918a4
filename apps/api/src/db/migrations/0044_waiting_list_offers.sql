ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_list_offer_hours" integer;--> statement-breakpoint
CREATE INDEX "orders_offered_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('mail', 'refund', 'ticket_refund', 'event_cancellation', 'wallet_push', 'waiting_list_offer'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'offered', 'paid', 'expired', 'cancelled', 'failed', 'refund_requested', 'refunded'));