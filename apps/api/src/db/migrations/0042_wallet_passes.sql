CREATE TABLE "wallet_device_registrations" (
	"device_id" text NOT NULL,
	"participation_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_device_registrations_device_id_participation_id_pk" PRIMARY KEY("device_id","participation_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"participation_id" uuid PRIMARY KEY NOT NULL,
	"auth_token_hashes" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"google_linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_device_registrations" ADD CONSTRAINT "wallet_device_registrations_participation_id_wallet_passes_participation_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."wallet_passes"("participation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_device_registrations_pass_idx" ON "wallet_device_registrations" USING btree ("participation_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('mail', 'refund', 'ticket_refund', 'event_cancellation', 'wallet_push'));