CREATE TABLE "complaint_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" text,
	"sent_to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"about" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"words" text NOT NULL,
	"wanted" text,
	"lead_kind" text,
	"lead_id" uuid,
	"handler_id" text,
	"category" text,
	"root_cause" text,
	"acknowledged_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"holding_sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"outcome" text,
	"redress_pence" integer,
	"referred_at" timestamp with time zone,
	"ombudsman_result" text,
	"keep_until" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_letters" ADD CONSTRAINT "complaint_letters_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_letters" ADD CONSTRAINT "complaint_letters_sent_by_staff_members_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_handler_id_staff_members_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_letters_complaint_idx" ON "complaint_letters" USING btree ("complaint_id","sent_at");--> statement-breakpoint
CREATE INDEX "complaints_received_idx" ON "complaints" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "complaints_open_idx" ON "complaints" USING btree ("received_at") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "complaints_email_idx" ON "complaints" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "complaints_lead_idx" ON "complaints" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "complaints_keep_until_idx" ON "complaints" USING btree ("keep_until");