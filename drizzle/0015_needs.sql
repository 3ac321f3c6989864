CREATE TABLE "lead_needs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_kind" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"drivers" text[] DEFAULT '{}'::text[] NOT NULL,
	"adjustments" text[] DEFAULT '{}'::text[] NOT NULL,
	"borrower_note" text,
	"note" text,
	"health_details" text,
	"health_consent_at" timestamp with time zone,
	"source" text NOT NULL,
	"recorded_by" text,
	"recorded_by_name" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lead_needs_health_consent_check" CHECK ("lead_needs"."health_details" is null or "lead_needs"."health_consent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "lead_needs" ADD CONSTRAINT "lead_needs_recorded_by_staff_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_needs_lead_idx" ON "lead_needs" USING btree ("lead_kind","lead_id");--> statement-breakpoint
CREATE INDEX "lead_needs_lead_id_idx" ON "lead_needs" USING btree ("lead_id");