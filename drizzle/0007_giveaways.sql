CREATE TABLE "giveaways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"prize" text NOT NULL,
	"eligible_levels" text[] NOT NULL,
	"month" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_at" timestamp with time zone,
	"drawn_by" uuid,
	"winner_user_id" uuid,
	"seed" text,
	"candidate_count" integer,
	"candidates_hash" text,
	CONSTRAINT "giveaways_month_format" CHECK ("giveaways"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "giveaways_levels_valid" CHECK (cardinality("giveaways"."eligible_levels") > 0 AND "giveaways"."eligible_levels" <@ ARRAY['bronze', 'silver', 'gold', 'platinum']::text[]),
	CONSTRAINT "giveaways_draw_complete" CHECK (COALESCE((("giveaways"."drawn_at" IS NULL AND "giveaways"."seed" IS NULL AND "giveaways"."candidate_count" IS NULL AND "giveaways"."candidates_hash" IS NULL AND "giveaways"."winner_user_id" IS NULL)
        OR ("giveaways"."drawn_at" IS NOT NULL AND "giveaways"."seed" IS NOT NULL AND "giveaways"."candidate_count" > 0 AND "giveaways"."candidates_hash" IS NOT NULL)), false))
);
--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_drawn_by_user_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_winner_user_id_profiles_user_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giveaways_month_idx" ON "giveaways" USING btree ("month","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "giveaways_created_idx" ON "giveaways" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "giveaways_winner_idx" ON "giveaways" USING btree ("winner_user_id");