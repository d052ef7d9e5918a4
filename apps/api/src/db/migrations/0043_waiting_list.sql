CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_quantity" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_token_hash" text,
	"offer_order_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_quantity_check" CHECK ("waiting_list_entries"."quantity" between 1 and 5),
	CONSTRAINT "waiting_list_status_check" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'converted', 'left', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_offer_order_id_orders_id_fk" FOREIGN KEY ("offer_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_live_key" ON "waiting_list_entries" USING btree ("ticket_id","user_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_next_idx" ON "waiting_list_entries" USING btree ("ticket_id","created_at","id") WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_event_user_idx" ON "waiting_list_entries" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offer_token_key" ON "waiting_list_entries" USING btree ("offer_token_hash");