CREATE TABLE "staff_saved_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_saved_views" ADD CONSTRAINT "staff_saved_views_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_saved_views_name_idx" ON "staff_saved_views" USING btree ("staff_id","name");--> statement-breakpoint
CREATE INDEX "contact_messages_name_sort_idx" ON "contact_messages" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_name_sort_idx" ON "personal_enquiries" USING btree (lower("last_name" || ' ' || "first_name"),"id");--> statement-breakpoint
CREATE INDEX "quotes_name_sort_idx" ON "quotes" USING btree (lower("last_name" || ' ' || "first_name"),"id");