ALTER TABLE "profiles" ADD COLUMN "sign_in_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "contact_person_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_contact_person_id_user_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;