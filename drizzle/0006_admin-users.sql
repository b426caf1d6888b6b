ALTER TABLE "profiles" ADD COLUMN "sign_in_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "contact_person_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
          coalesce("profiles"."email", '') || ' ' || coalesce("profiles"."first_name", '') || ' ' || coalesce("profiles"."last_name", '')
          || ' ' || coalesce("profiles"."display_name", '') || ' ' || coalesce("profiles"."steam_id", '') || ' ' || coalesce("profiles"."referral_code", '')
          || ' ' || regexp_replace(coalesce("profiles"."phone_number", ''), '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_contact_person_id_user_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);