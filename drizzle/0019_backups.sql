CREATE TABLE "backups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"bytes" bigint,
	"duration_ms" integer NOT NULL,
	"trigger" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at");