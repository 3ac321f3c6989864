ALTER TABLE "staff_members" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "roles_news" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "code_at" timestamp with time zone;--> statement-breakpoint
-- Members from before roles existed hold every role (nobody loses access on the day of
-- the deploy, decision 271), and are told of roles on the first page after signing in.
-- Their last sign-in is read back from the audit log; sessions open now count no code
-- as fresh, so the next export or erasure asks for one.
UPDATE "staff_members" SET "roles" = ARRAY['adviser', 'manager', 'compliance', 'administrator']::text[], "roles_news" = true;--> statement-breakpoint
UPDATE "staff_members" m SET "last_sign_in_at" = s."at"
FROM (SELECT "actor_id", max("at") AS "at" FROM "audit_log" WHERE "action" = 'staff.sign-in' GROUP BY "actor_id") s
WHERE s."actor_id" = m."id";
