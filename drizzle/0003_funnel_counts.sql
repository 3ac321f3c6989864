CREATE TABLE "funnel_counts" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"event" text NOT NULL,
	"step" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_counts_day_form_event_step_target_utm_source_utm_campaign_pk" PRIMARY KEY("day","form","event","step","target","utm_source","utm_campaign")
);
