CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"influencer_id" uuid,
	CONSTRAINT "referral_codes_one_owner" CHECK (("referral_codes"."user_id" IS NULL) <> ("referral_codes"."influencer_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"friend_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid,
	"influencer_id" uuid,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"review_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"milestone_paid_at" timestamp with time zone,
	"milestone_clawed_back_at" timestamp with time zone,
	"milestone_clawback_shortfall" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_one_referrer" CHECK ("referrals"."referrer_id" IS NULL OR "referrals"."influencer_id" IS NULL),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."friend_id"),
	CONSTRAINT "referrals_status_valid" CHECK ("status" IN ('paid', 'capped', 'pending_review', 'rejected')),
	CONSTRAINT "referrals_source_valid" CHECK ("source" IN ('profile', 'signup'))
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_referred_by_influencer_id_influencers_id_fk";
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "signup_ip_hash" text;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_profiles_user_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_profiles_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_user_uq" ON "referral_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_influencer_uq" ON "referral_codes" USING btree ("influencer_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_created_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_influencer_created_idx" ON "referrals" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at" DESC NULLS LAST,"friend_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_referred_by_influencer_id_influencers_id_fk" FOREIGN KEY ("referred_by_influencer_id") REFERENCES "public"."influencers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_one_referrer" CHECK ("profiles"."referred_by" IS NULL OR "profiles"."referred_by_influencer_id" IS NULL);