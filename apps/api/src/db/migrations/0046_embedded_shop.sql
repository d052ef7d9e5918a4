CREATE TABLE "embed_bookings" (
	"ref" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"places" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embed_domains" (
	"event_id" uuid NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_domains_event_id_host_pk" PRIMARY KEY("event_id","host")
);
--> statement-breakpoint
ALTER TABLE "embed_bookings" ADD CONSTRAINT "embed_bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_bookings" ADD CONSTRAINT "embed_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_domains" ADD CONSTRAINT "embed_domains_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_bookings_created_idx" ON "embed_bookings" USING btree ("created_at");