-- A lead may have a case after a lender's decline (docs/decisions/256): each case keyed by
-- its own id (each existing row given one by the default), at most one not declined per lead.
ALTER TABLE "lead_cases" DROP CONSTRAINT "lead_cases_pkey";--> statement-breakpoint
ALTER TABLE "lead_cases" ALTER COLUMN "lead_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_cases" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_cases_open_idx" ON "lead_cases" USING btree ("lead_kind","lead_id") WHERE stage <> 'declined';--> statement-breakpoint
CREATE INDEX "lead_cases_lead_idx" ON "lead_cases" USING btree ("lead_id");
