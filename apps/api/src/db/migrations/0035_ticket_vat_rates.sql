ALTER TABLE "tickets" ADD COLUMN "vat_rate" text DEFAULT '20' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_vat_rate_check" CHECK ("tickets"."vat_rate" in ('5.5', '10', '20', '2.1', 'none'));--> statement-breakpoint
-- Tickets sold before rates existed start with their category's usual rate (pricing/vat.ts).
UPDATE "tickets" SET "vat_rate" = CASE t."label"
    WHEN 'Concert' THEN '5.5' WHEN 'Festival' THEN '5.5' WHEN 'Spectacle' THEN '5.5' WHEN 'Sport' THEN '5.5'
    WHEN 'Exposition' THEN '10' WHEN 'Salon' THEN '10' ELSE '20' END
  FROM "events" e LEFT JOIN "event_types" t ON t."id" = e."type_id"
 WHERE e."id" = "tickets"."event_id";
