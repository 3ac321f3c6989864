CREATE TABLE "lead_month_counts" (
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_month_counts_month_kind_utm_source_utm_campaign_pk" PRIMARY KEY("month","kind","utm_source","utm_campaign")
);
--> statement-breakpoint
-- lead_month_counts follows every write to the two loan lead tables, as lead_counts
-- does (drizzle/0002): one statement-level trigger per event, folding the statement's
-- rows into one upsert in key order. The month is the UK month the lead arrived in, as
-- the campaign report groups it; a lead's utm values are its landing page's, '' for none.
CREATE FUNCTION "lead_month_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead_kind text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM lead_month_counts WHERE kind = lead_kind;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO lead_month_counts AS c (kind, month, utm_source, utm_campaign, n)
      SELECT lead_kind, to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), coalesce(utm_source, ''),
        coalesce(utm_campaign, ''), count(*)
      FROM new_rows GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT (month, kind, utm_source, utm_campaign) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_month_counts AS c (kind, month, utm_source, utm_campaign, n)
      SELECT lead_kind, to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), coalesce(utm_source, ''),
        coalesce(utm_campaign, ''), -count(*)
      FROM old_rows GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT (month, kind, utm_source, utm_campaign) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO lead_month_counts AS c (kind, month, utm_source, utm_campaign, n)
      SELECT lead_kind, month, source, campaign, sum(d) FROM (
        SELECT to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month, coalesce(utm_source, '') AS source,
          coalesce(utm_campaign, '') AS campaign, 1 AS d FROM new_rows
        UNION ALL
        SELECT to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), coalesce(utm_source, ''),
          coalesce(utm_campaign, ''), -1 FROM old_rows
      ) AS changes GROUP BY 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 2, 3, 4
      ON CONFLICT (month, kind, utm_source, utm_campaign) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- A count fallen to nought goes: a utm value can hold what a visitor typed into a
    -- link (a name, an address), which an erasure must not leave behind.
    DELETE FROM lead_month_counts AS c
      USING (SELECT DISTINCT to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month,
        coalesce(utm_source, '') AS source, coalesce(utm_campaign, '') AS campaign FROM old_rows) AS o
      WHERE c.kind = lead_kind AND c.month = o.month AND c.utm_source = o.source AND c.utm_campaign = o.campaign
        AND c.n = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_month_counts_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "quotes_month_counts_update" AFTER UPDATE ON "quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "quotes_month_counts_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "quotes_month_counts_truncate" AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('quote');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_month_counts_insert" AFTER INSERT ON "personal_enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_month_counts_update" AFTER UPDATE ON "personal_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_month_counts_delete" AFTER DELETE ON "personal_enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('personal-enquiry');--> statement-breakpoint
CREATE TRIGGER "personal_enquiries_month_counts_truncate" AFTER TRUNCATE ON "personal_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "lead_month_counts_follow"('personal-enquiry');--> statement-breakpoint
-- The leads already held.
INSERT INTO lead_month_counts (kind, month, utm_source, utm_campaign, n)
  SELECT 'quote', to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), coalesce(utm_source, ''),
    coalesce(utm_campaign, ''), count(*) FROM quotes GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'personal-enquiry', to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), coalesce(utm_source, ''),
    coalesce(utm_campaign, ''), count(*) FROM personal_enquiries GROUP BY 2, 3, 4;
