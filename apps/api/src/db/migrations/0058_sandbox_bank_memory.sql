CREATE TABLE "sandbox_bank_decisions" (
	"attempt" text PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_refunds" (
	"question" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_bank_refunds_transaction_idx" ON "sandbox_bank_refunds" USING btree ("transaction_id");