CREATE TABLE "event_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"date_begin" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone NOT NULL,
	"capacity" integer,
	"date_max_refund" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_message" text,
	"moved_from" timestamp with time zone,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_dates_counters_check" CHECK ("event_dates"."sold" >= 0 and "event_dates"."held" >= 0),
	CONSTRAINT "event_dates_order_check" CHECK ("event_dates"."date_end" > "event_dates"."date_begin")
);
--> statement-breakpoint
CREATE TABLE "ticket_dates" (
	"ticket_id" uuid NOT NULL,
	"date_id" uuid NOT NULL,
	CONSTRAINT "ticket_dates_ticket_id_date_id_pk" PRIMARY KEY("ticket_id","date_id")
);
--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD COLUMN "date_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "date_id" uuid;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "date_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "is_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_dates" ADD CONSTRAINT "ticket_dates_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_dates" ADD CONSTRAINT "ticket_dates_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_event_idx" ON "event_dates" USING btree ("event_id","date_begin");--> statement-breakpoint
CREATE INDEX "ticket_dates_date_idx" ON "ticket_dates" USING btree ("date_id");