CREATE TABLE "checkin_list_entries" (
	"list_id" uuid NOT NULL,
	"participation_id" uuid NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"inside" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checkin_list_entries_list_id_participation_id_pk" PRIMARY KEY("list_id","participation_id"),
	CONSTRAINT "checkin_list_entries_check" CHECK ("checkin_list_entries"."inside" >= 0 and "checkin_list_entries"."inside" <= "checkin_list_entries"."entries")
);
--> statement-breakpoint
CREATE TABLE "checkin_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ticket_ids" uuid[] NOT NULL,
	"allow_reentry" boolean DEFAULT false NOT NULL,
	"allow_checkout" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "checkin_lists_reentry_check" CHECK (not "checkin_lists"."allow_reentry" or "checkin_lists"."allow_checkout")
);
--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_result_check";--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "list_id" uuid;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "direction" text DEFAULT 'in' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_list_entries" ADD CONSTRAINT "checkin_list_entries_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_entries" ADD CONSTRAINT "checkin_list_entries_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_lists_event_idx" ON "checkin_lists" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_direction_check" CHECK ("scans"."direction" in ('in', 'out'));--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_result_check" CHECK ("scans"."result" in ('accepted', 'already_scanned', 'invalid', 'other_event', 'cancelled', 'transferred',
                          'not_on_list', 'not_checked_in', 'already_out'));