CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"lead_kind" text,
	"lead_id" uuid,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_kind" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"actor_id" text,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"assignee_id" text
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "personal_enquiries_created_at_idx";--> statement-breakpoint
DROP INDEX "quotes_created_at_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_lead_idx" ON "audit_log" USING btree ("lead_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD CONSTRAINT "personal_enquiries_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_received_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_received_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_assignee_received_idx" ON "contact_messages" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_email_search_idx" ON "contact_messages" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_phone_search_idx" ON "contact_messages" USING btree (regexp_replace("phone", '[^0-9]', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_surname_search_idx" ON "contact_messages" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "personal_enquiries_amount_idx" ON "personal_enquiries" USING btree ("loan_amount","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_received_idx" ON "personal_enquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_status_received_idx" ON "personal_enquiries" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_assignee_received_idx" ON "personal_enquiries" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_email_search_idx" ON "personal_enquiries" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "personal_enquiries_phone_search_idx" ON "personal_enquiries" USING btree (regexp_replace("phone", '[^0-9]', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "personal_enquiries_surname_search_idx" ON "personal_enquiries" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_amount_idx" ON "quotes" USING btree ("loan_amount","id");--> statement-breakpoint
CREATE INDEX "quotes_received_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_received_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_assignee_received_idx" ON "quotes" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_email_search_idx" ON "quotes" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_phone_search_idx" ON "quotes" USING btree (regexp_replace("phone", '[^0-9]', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_surname_search_idx" ON "quotes" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
-- The audit log is append-only for the application (DECISIONS D14). Only the retention
-- job may delete, and only rows older than six years (D15), by setting
-- app.audit_retention for its own transaction.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('app.audit_retention', true) = 'on' AND OLD."at" < now() - interval '6 years' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
