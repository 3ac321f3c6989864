ALTER TABLE "contact_messages" ADD COLUMN "next_action_kind" text DEFAULT 'reply';--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "next_action_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "callback_choice" text;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "callback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "callback_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "next_action_kind" text DEFAULT 'call-soonest';--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD COLUMN "next_action_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "callback_choice" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "callback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "callback_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "next_action_kind" text DEFAULT 'call-soonest';--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "next_action_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "contact_messages_next_action_idx" ON "contact_messages" USING btree ("next_action_at","id");--> statement-breakpoint
CREATE INDEX "personal_enquiries_next_action_idx" ON "personal_enquiries" USING btree ("next_action_at","id");--> statement-breakpoint
CREATE INDEX "quotes_next_action_idx" ON "quotes" USING btree ("next_action_at","id");--> statement-breakpoint
ALTER TABLE "personal_enquiries" ADD CONSTRAINT "personal_enquiries_callback_choice_check" CHECK (("personal_enquiries"."callback_choice" is null and "personal_enquiries"."callback_at" is null) or ("personal_enquiries"."callback_choice" = 'soonest' and "personal_enquiries"."callback_at" is null) or ("personal_enquiries"."callback_choice" = 'slot' and "personal_enquiries"."callback_at" is not null));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_callback_choice_check" CHECK (("quotes"."callback_choice" is null and "quotes"."callback_at" is null) or ("quotes"."callback_choice" = 'soonest' and "quotes"."callback_at" is null) or ("quotes"."callback_choice" = 'slot' and "quotes"."callback_at" is not null));--> statement-breakpoint
-- Leads already stored (docs/decisions/173): an open lead's next action is a call as soon
-- as possible (a contact message's, a reply) from its arrival; a closed lead has none.
UPDATE "quotes" SET
	"next_action_kind" = CASE WHEN "status" IN ('completed', 'declined', 'withdrawn') THEN NULL ELSE 'call-soonest' END,
	"next_action_at" = CASE WHEN "status" IN ('completed', 'declined', 'withdrawn') THEN NULL ELSE "created_at" END;--> statement-breakpoint
UPDATE "personal_enquiries" SET
	"next_action_kind" = CASE WHEN "status" IN ('completed', 'declined', 'withdrawn') THEN NULL ELSE 'call-soonest' END,
	"next_action_at" = CASE WHEN "status" IN ('completed', 'declined', 'withdrawn') THEN NULL ELSE "created_at" END;--> statement-breakpoint
UPDATE "contact_messages" SET
	"next_action_kind" = CASE WHEN "status" IN ('completed', 'declined', 'withdrawn') THEN NULL ELSE 'reply' END,
	"next_action_at" = CASE WHEN "status" IN ('completed', 'declined', 'withdrawn') THEN NULL ELSE "created_at" END;
