CREATE TABLE "ticket_gifts" (
	"ticket_id" uuid NOT NULL,
	"gift_ticket_id" uuid NOT NULL,
	CONSTRAINT "ticket_gifts_ticket_id_gift_ticket_id_pk" PRIMARY KEY("ticket_id","gift_ticket_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "is_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_gifts" ADD CONSTRAINT "ticket_gifts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_gifts" ADD CONSTRAINT "ticket_gifts_gift_ticket_id_tickets_id_fk" FOREIGN KEY ("gift_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;