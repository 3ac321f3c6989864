CREATE TABLE "promotion_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"figures" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"based_on" bigint,
	"drafted_by" text NOT NULL,
	"drafted_by_name" text NOT NULL,
	"approved_by" text,
	"approved_by_name" text,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"publish_at" timestamp with time zone,
	"live_from" timestamp with time zone,
	"live_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "promotion_version_id" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "promotion_version_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_versions_one_live_idx" ON "promotion_versions" USING btree ("status") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "promotion_versions_due_idx" ON "promotion_versions" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "promotion_versions_live_from_idx" ON "promotion_versions" USING btree ("live_from");