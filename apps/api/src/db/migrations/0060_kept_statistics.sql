CREATE TABLE "event_ages" (
	"event_id" uuid NOT NULL,
	"age" integer NOT NULL,
	"slot" integer NOT NULL,
	"places" integer NOT NULL,
	CONSTRAINT "event_ages_event_id_age_slot_pk" PRIMARY KEY("event_id","age","slot")
);
--> statement-breakpoint
CREATE TABLE "event_holder_counts" (
	"event_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"holders" integer NOT NULL,
	"regulars" integer NOT NULL,
	CONSTRAINT "event_holder_counts_event_id_slot_pk" PRIMARY KEY("event_id","slot")
);
--> statement-breakpoint
CREATE TABLE "event_holders" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"places" integer NOT NULL,
	CONSTRAINT "event_holders_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_promo_uses" (
	"discount_code_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"uses" integer NOT NULL,
	"discount_cents" bigint NOT NULL,
	CONSTRAINT "event_promo_uses_discount_code_id_slot_pk" PRIMARY KEY("discount_code_id","slot")
);
--> statement-breakpoint
CREATE TABLE "event_scan_hours" (
	"event_id" uuid NOT NULL,
	"hour" timestamp NOT NULL,
	"slot" integer NOT NULL,
	"scans" integer NOT NULL,
	CONSTRAINT "event_scan_hours_event_id_hour_slot_pk" PRIMARY KEY("event_id","hour","slot")
);
--> statement-breakpoint
CREATE TABLE "event_sold_hours" (
	"event_id" uuid NOT NULL,
	"hour" timestamp NOT NULL,
	"slot" integer NOT NULL,
	"places" integer NOT NULL,
	CONSTRAINT "event_sold_hours_event_id_hour_slot_pk" PRIMARY KEY("event_id","hour","slot")
);
--> statement-breakpoint
CREATE TABLE "event_ticket_totals" (
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"source" text NOT NULL,
	"slot" integer NOT NULL,
	"places" integer NOT NULL,
	"entries" integer NOT NULL,
	"absentees" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	CONSTRAINT "event_ticket_totals_event_id_ticket_id_source_slot_pk" PRIMARY KEY("event_id","ticket_id","source","slot")
);
--> statement-breakpoint
CREATE TABLE "participant_line_counts" (
	"event_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"lines" integer NOT NULL,
	"places" integer NOT NULL,
	CONSTRAINT "participant_line_counts_event_id_slot_pk" PRIMARY KEY("event_id","slot")
);
--> statement-breakpoint
CREATE INDEX "event_holders_user_idx" ON "event_holders" USING btree ("user_id");--> statement-breakpoint
-- The list's totals of the rows kept so far (rows computed later by 0054's owed statement move them themselves).
INSERT INTO "participant_line_counts" ("event_id", "slot", "lines", "places")
  SELECT "event_id", hashtext("key") & 7, count(*), sum("quantity") FROM "participant_lines" GROUP BY 1, 2;--> statement-breakpoint
-- The statistics of the places, scans and orders of before: computed by the declared function once
-- it exists (db/client.ts runs owed statements after the declared SQL).
INSERT INTO "owed_statements" ("name", "statement") VALUES ('event_statistics',
  'SELECT guichet_count_event_statistics(NULL)');
