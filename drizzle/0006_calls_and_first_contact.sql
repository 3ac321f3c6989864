ALTER TABLE "contact_messages" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "first_contacted_by" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "first_contact_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "next_action_kind" text;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "next_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "first_contacted_by" text;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "first_contact_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "first_contacted_by" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "first_contact_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_first_contacted_by_staff_members_id_fk" FOREIGN KEY ("first_contacted_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD CONSTRAINT "personal_enquiries_first_contacted_by_staff_members_id_fk" FOREIGN KEY ("first_contacted_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_first_contacted_by_staff_members_id_fk" FOREIGN KEY ("first_contacted_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;
