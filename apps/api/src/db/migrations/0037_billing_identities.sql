CREATE TABLE "billing_identities" (
	"organizer_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"siren" text,
	"siret" text,
	"rna" text,
	"vat_regime" text NOT NULL,
	"vat_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_identities_registration_check" CHECK (("billing_identities"."siren" is not null) <> ("billing_identities"."rna" is not null)),
	CONSTRAINT "billing_identities_vat_check" CHECK (("billing_identities"."vat_regime" = 'vat') = ("billing_identities"."vat_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_identity_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_identities" ADD CONSTRAINT "billing_identities_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Organisers whose paid events are on sale when this ships keep selling and have 30 days to give
-- their billing identity (docs/decisions.md, "Invoices and VAT").
UPDATE "users" SET "billing_identity_due_at" = now() + interval '30 days'
WHERE "billing_identity_due_at" IS NULL AND "id" IN (
	SELECT "organizer_id" FROM "events"
	WHERE "is_public" AND "is_open" AND "deleted_at" IS NULL AND "cancelled_at" IS NULL
		AND "max_price_cents" > 0 AND "date_end" > now()
);
