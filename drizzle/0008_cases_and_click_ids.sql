CREATE TABLE "lead_cases" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"lead_kind" text NOT NULL,
	"product_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"application_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_amount" integer,
	"offer_rate_percent" numeric(6, 3),
	"offer_term_months" integer,
	"offer_received_at" timestamp with time zone,
	"completed_amount" integer,
	"completed_on" date,
	"commission_pence" integer,
	"commission_reason" text,
	"declined_reason" text,
	"declined_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "gclid" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]gclid=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "gbraid" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]gbraid=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "wbraid" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]wbraid=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "ad_consent" boolean;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "gclid" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]gclid=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "gbraid" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]gbraid=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "wbraid" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]wbraid=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "ad_consent" boolean;--> statement-breakpoint
ALTER TABLE "lead_cases" ADD CONSTRAINT "lead_cases_product_id_lender_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."lender_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_cases_product_idx" ON "lead_cases" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "lead_cases_completed_idx" ON "lead_cases" USING btree ("completed_on") WHERE completed_on is not null;