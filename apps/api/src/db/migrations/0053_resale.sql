CREATE TABLE "resale_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"participation_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"buyer_participation_id" uuid,
	"refund_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resale_listings_status_check" CHECK ("resale_listings"."status" in ('listed', 'withdrawn', 'sold')),
	CONSTRAINT "resale_listings_amounts_check" CHECK ("resale_listings"."price_cents" > 0 and "resale_listings"."fee_cents" >= 0 and "resale_listings"."fee_cents" <= "resale_listings"."price_cents")
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_cause_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "resale_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "resale_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "resale_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_buyer_participation_id_participations_id_fk" FOREIGN KEY ("buyer_participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listings" ADD CONSTRAINT "resale_listings_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resale_listings_listed_key" ON "resale_listings" USING btree ("participation_id") WHERE "resale_listings"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "resale_listings_ticket_idx" ON "resale_listings" USING btree ("ticket_id","created_at") WHERE "resale_listings"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "resale_listings_buyer_idx" ON "resale_listings" USING btree ("buyer_participation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_resold_participation_key" ON "refunds" USING btree ("participation_id") WHERE "refunds"."cause" = 'resale';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('mail', 'refund', 'ticket_refund', 'event_cancellation', 'wallet_push', 'waiting_list_offer', 'attendee_message', 'webhook_event', 'webhook', 'resale_sell'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" in ('request', 'cancellation', 'resale'));