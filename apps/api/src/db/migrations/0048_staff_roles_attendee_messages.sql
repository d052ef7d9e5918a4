CREATE TABLE "attendee_message_recipients" (
	"message_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"mail_id" uuid,
	"queued_at" timestamp with time zone,
	CONSTRAINT "attendee_message_recipients_message_id_email_pk" PRIMARY KEY("message_id","email")
);
--> statement-breakpoint
CREATE TABLE "attendee_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"sender_name" text NOT NULL,
	"reply_to" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"attendee_messages_per_day" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id"),
	CONSTRAINT "platform_settings_messages_check" CHECK ("platform_settings"."attendee_messages_per_day" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "event_staff" ADD COLUMN "role" text DEFAULT 'scanner' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sold_by" uuid;--> statement-breakpoint
ALTER TABLE "attendee_message_recipients" ADD CONSTRAINT "attendee_message_recipients_message_id_attendee_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."attendee_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_message_recipients" ADD CONSTRAINT "attendee_message_recipients_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_message_recipients_pending_idx" ON "attendee_message_recipients" USING btree ("message_id") WHERE "attendee_message_recipients"."mail_id" is null;--> statement-breakpoint
CREATE INDEX "attendee_messages_event_idx" ON "attendee_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "attendee_messages_created_idx" ON "attendee_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_role_check" CHECK ("event_staff"."role" in ('scanner', 'box-office'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('mail', 'refund', 'ticket_refund', 'event_cancellation', 'wallet_push', 'waiting_list_offer', 'attendee_message'));