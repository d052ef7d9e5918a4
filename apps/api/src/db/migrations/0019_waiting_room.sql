ALTER TABLE "events" ADD COLUMN "onsale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "admission_per_minute" integer;