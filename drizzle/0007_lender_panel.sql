CREATE TABLE "lender_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lender" text NOT NULL,
	"product_name" text NOT NULL,
	"kind" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lender_products_live_idx" ON "lender_products" USING btree ("lender","product_name") WHERE retired_at is null;--> statement-breakpoint
-- A product is retired, never deleted (DECISIONS D22): a case may name it, and the audit
-- log names it. Written by hand: keep these lines when the migration is regenerated.
CREATE FUNCTION "lender_products_never_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'lender_products are retired, never deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "lender_products_never_deleted" BEFORE DELETE ON "lender_products" FOR EACH ROW EXECUTE FUNCTION "lender_products_never_deleted"();--> statement-breakpoint
CREATE TRIGGER "lender_products_no_truncate" BEFORE TRUNCATE ON "lender_products" FOR EACH STATEMENT EXECUTE FUNCTION "lender_products_never_deleted"();
