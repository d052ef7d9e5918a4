CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid,
	"participation_id" uuid,
	"cause" text NOT NULL,
	"places" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text,
	"transaction_id" text,
	"status" text NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" in ('request', 'cancellation')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'refunding', 'refunded', 'failed', 'refused', 'manual')),
	CONSTRAINT "refunds_amounts_check" CHECK ("refunds"."amount_cents" >= 0 and "refunds"."places" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_message" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_live_participation_key" ON "refunds" USING btree ("participation_id") WHERE "refunds"."cause" = 'request';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_cancelled_order_key" ON "refunds" USING btree ("order_id") WHERE "refunds"."cause" = 'cancellation';--> statement-breakpoint
CREATE INDEX "refunds_event_idx" ON "refunds" USING btree ("event_id","status");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('mail', 'refund', 'ticket_refund', 'event_cancellation'));