ALTER TABLE "lead_events" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "shown_figures" jsonb;