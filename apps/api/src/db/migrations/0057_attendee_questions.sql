CREATE TABLE "event_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"scope" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questions_kind_check" CHECK ("event_questions"."kind" in ('shortText', 'longText', 'choice', 'multipleChoice', 'yesNo', 'date', 'phone', 'email')),
	CONSTRAINT "event_questions_scope_check" CHECK ("event_questions"."scope" in ('order', 'place'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_questions_event_idx" ON "event_questions" USING btree ("event_id","position");