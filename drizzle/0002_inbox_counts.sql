CREATE TABLE "lead_counts" (
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"assignee_id" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_counts_kind_status_assignee_id_pk" PRIMARY KEY("kind","status","assignee_id")
);
--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "utm_source" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]utm_source=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "utm_campaign" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]utm_campaign=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_source" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]utm_source=([^&#]*)')) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_campaign" text GENERATED ALWAYS AS (substring(landing_page_url from '[?&]utm_campaign=([^&#]*)')) STORED;--> statement-breakpoint
CREATE INDEX "personal_enquiries_utm_source_idx" ON "personal_enquiries" USING btree ("utm_source","created_at","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_utm_campaign_idx" ON "personal_enquiries" USING btree ("utm_campaign","created_at","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_first_name_idx" ON "personal_enquiries" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "quotes_utm_source_idx" ON "quotes" USING btree ("utm_source","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_utm_campaign_idx" ON "quotes" USING btree ("utm_campaign","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_first_name_idx" ON "quotes" USING btree (lower("first_name"));--> statement-breakpoint
-- lead_counts follows every write to the three lead tables: one statement-level
-- trigger per event (a trigger with transition tables has one event), which folds the
-- statement's rows into one upsert, in key order so two writers never deadlock.
CREATE FUNCTION "lead_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead_kind text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM lead_counts WHERE kind = lead_kind;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO lead_counts AS c (kind, status, assignee_id, n)
      SELECT lead_kind, status, coalesce(assignee_id, ''), count(*) FROM new_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (kind, status, assignee_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_counts AS c (kind, status, assignee_id, n)
      SELECT lead_kind, status, coalesce(assignee_id, ''), -count(*) FROM old_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (kind, status, assignee_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO lead_counts AS c (kind, status, assignee_id, n)
      SELECT lead_kind, status, assignee, sum(d) FROM (
        SELECT status, coalesce(assignee_id, '') AS assignee, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, coalesce(assignee_id, ''), -1 FROM old_rows
      ) AS changes GROUP BY 2, 3 HAVING sum(d) <> 0 ORDER BY 2, 3
      ON CONFLICT (kind, status, assignee_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_counts_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "quotes_counts_update" AFTER UPDATE ON "quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "quotes_counts_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "quotes_counts_truncate" AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_counts_insert" AFTER INSERT ON "personal_enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_counts_update" AFTER UPDATE ON "personal_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_counts_delete" AFTER DELETE ON "personal_enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_counts_truncate" AFTER TRUNCATE ON "personal_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "contact_messages_counts_insert" AFTER INSERT ON "contact_messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('contact');--> statement-breakpoint
CREATE TRIGGER "contact_messages_counts_update" AFTER UPDATE ON "contact_messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('contact');--> statement-breakpoint
CREATE TRIGGER "contact_messages_counts_delete" AFTER DELETE ON "contact_messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('contact');--> statement-breakpoint
CREATE TRIGGER "contact_messages_counts_truncate" AFTER TRUNCATE ON "contact_messages" FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_follow"('contact');--> statement-breakpoint
-- The leads already held.
INSERT INTO lead_counts (kind, status, assignee_id, n)
  SELECT 'quote', status, coalesce(assignee_id, ''), count(*) FROM quotes GROUP BY 2, 3
  UNION ALL SELECT 'personal-enquiry', status, coalesce(assignee_id, ''), count(*) FROM personal_enquiries GROUP BY 2, 3
  UNION ALL SELECT 'contact', status, coalesce(assignee_id, ''), count(*) FROM contact_messages GROUP BY 2, 3;
