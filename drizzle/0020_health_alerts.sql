CREATE TABLE "health_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"raised_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL
);
