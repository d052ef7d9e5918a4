CREATE TABLE "quote_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"product_id" uuid,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"variant" text,
	"offer" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	"price_label" text,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_request_lines_quantity_check" CHECK ("quote_request_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"user_id" uuid,
	"partner" boolean NOT NULL,
	"structure_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"billing_address" text NOT NULL,
	"billing_postcode" text NOT NULL,
	"billing_city" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_postcode" text NOT NULL,
	"delivery_city" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" in ('new', 'answered', 'won', 'lost')),
	CONSTRAINT "quote_requests_dates_check" CHECK ("quote_requests"."ends_at" > "quote_requests"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"offer" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer,
	"price_label" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_offer_check" CHECK ("shop_products"."offer" in ('location', 'achat', 'service')),
	CONSTRAINT "shop_products_category_check" CHECK ("shop_products"."category" in ('logistique', 'securite', 'animation')),
	CONSTRAINT "shop_products_price_check" CHECK ("shop_products"."price_cents" >= 0 or "shop_products"."price_label" is not null)
);
--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_request_lines_request_idx" ON "quote_request_lines" USING btree ("quote_request_id","position");--> statement-breakpoint
CREATE INDEX "quote_requests_created_idx" ON "quote_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_products_slug_key" ON "shop_products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shop_products_offer_idx" ON "shop_products" USING btree ("offer","position");