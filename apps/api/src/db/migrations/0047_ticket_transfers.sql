CREATE TABLE "ticket_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"participation_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"to_user_id" uuid,
	"new_participation_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_transfers_status_check" CHECK ("ticket_transfers"."status" in ('pending', 'accepted', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_result_check";--> statement-breakpoint
DROP INDEX "participations_ticket_number_key";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfers_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_expiry_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "transferred_to" uuid;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_new_participation_id_participations_id_fk" FOREIGN KEY ("new_participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_transfers_token_key" ON "ticket_transfers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_transfers_pending_key" ON "ticket_transfers" USING btree ("participation_id") WHERE "ticket_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ticket_transfers_new_participation_idx" ON "ticket_transfers" USING btree ("new_participation_id");--> statement-breakpoint
CREATE INDEX "ticket_transfers_event_idx" ON "ticket_transfers" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participations_ticket_number_key" ON "participations" USING btree ("event_id","first_ticket_number") WHERE "participations"."transferred_at" is null;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_result_check" CHECK ("scans"."result" in ('accepted', 'already_scanned', 'invalid', 'other_event', 'cancelled', 'transferred'));