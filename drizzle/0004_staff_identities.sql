CREATE TABLE "staff_enrolments" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"code_failures" integer DEFAULT 0 NOT NULL,
	"codes_locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Staff move out of the borrowers' tables (DECISIONS D20): each member with their
-- password hash and authenticator secret (same formats), and their open enrolment links.
-- Their sessions end: everyone signs in again once.
INSERT INTO "staff_members" ("id", "email", "name", "password_hash", "totp_secret", "enrolled_at", "disabled_at", "created_at", "updated_at")
SELECT u."id", u."email", u."name", a."password", t."secret",
	CASE WHEN u."two_factor_enabled" THEN u."updated_at" END, u."disabled_at", u."created_at", u."updated_at"
FROM "users" u
LEFT JOIN "accounts" a ON a."user_id" = u."id" AND a."provider_id" = 'credential'
LEFT JOIN "two_factors" t ON t."user_id" = u."id"
WHERE u."role" = 'staff';--> statement-breakpoint
INSERT INTO "staff_enrolments" ("token_hash", "staff_id", "expires_at")
SELECT substring(v."identifier" from length('staff-enrol:') + 1), v."value", v."expires_at"
FROM "verifications" v JOIN "staff_members" m ON m."id" = v."value"
WHERE v."identifier" LIKE 'staff-enrol:%';--> statement-breakpoint
DELETE FROM "verifications" WHERE "identifier" LIKE 'staff-enrol:%';--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_assignee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_assignee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "personal_enquiries" DROP CONSTRAINT "personal_enquiries_assignee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_assignee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "staff_enrolments" ADD CONSTRAINT "staff_enrolments_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_enrolments_staff_id_idx" ON "staff_enrolments" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_id_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assignee_id_staff_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_staff_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_assignee_id_staff_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD CONSTRAINT "personal_enquiries_assignee_id_staff_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_assignee_id_staff_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DELETE FROM "users" WHERE "role" = 'staff';--> statement-breakpoint
DROP TABLE "two_factors";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "two_factor_enabled";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "disabled_at";