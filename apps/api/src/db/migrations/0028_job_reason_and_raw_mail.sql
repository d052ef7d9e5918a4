ALTER TABLE "jobs" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "raw" text;