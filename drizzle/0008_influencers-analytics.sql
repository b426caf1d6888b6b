CREATE TABLE "consent_choice_totals" (
	"day" date NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"functional" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consent_choice_totals_day_analytics_marketing_functional_pk" PRIMARY KEY("day","analytics","marketing","functional"),
	CONSTRAINT "consent_choice_totals_count_non_negative" CHECK ("consent_choice_totals"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "contact" text;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "referred_by_influencer_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "referred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "device" text DEFAULT 'desktop' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_referred_by_influencer_id_influencers_id_fk" FOREIGN KEY ("referred_by_influencer_id") REFERENCES "public"."influencers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "influencers_created_idx" ON "influencers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_influencer_referred_idx" ON "profiles" USING btree ("referred_by_influencer_id","referred_at");--> statement-breakpoint
CREATE INDEX "visitor_sessions_first_seen_idx" ON "visitor_sessions" USING btree ("first_seen_at");--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_commission_range" CHECK ("influencers"."commission_percent" >= 0 AND "influencers"."commission_percent" <= 100);--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_name_length" CHECK (length("influencers"."name") BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_device_valid" CHECK ("device" IN ('mobile', 'tablet', 'desktop'));