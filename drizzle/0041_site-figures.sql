CREATE TABLE "review_sources" (
	"platform" text PRIMARY KEY NOT NULL,
	"rating_tenths" integer NOT NULL,
	"review_count" integer NOT NULL,
	"url" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_sources_platform_valid" CHECK ("platform" IN ('Trustpilot', 'Google')),
	CONSTRAINT "review_sources_rating_valid" CHECK ("rating_tenths" BETWEEN 10 AND 50),
	CONSTRAINT "review_sources_count_valid" CHECK ("review_count" BETWEEN 0 AND 10000000),
	CONSTRAINT "review_sources_url_https" CHECK ("url" ~ '^https://[^[:space:]]+$' AND length("url") <= 500)
);
--> statement-breakpoint
ALTER TABLE "review_sources" ADD CONSTRAINT "review_sources_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_deleted_idx" ON "profiles" USING btree ("deleted_at") WHERE "profiles"."deleted_at" IS NOT NULL;