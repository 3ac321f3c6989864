CREATE TABLE "staff_role_requests" (
	"member_id" text PRIMARY KEY NOT NULL,
	"roles" text[] NOT NULL,
	"asked_by" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_asked_by_staff_members_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;