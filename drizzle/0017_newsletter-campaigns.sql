CREATE TABLE "newsletter_campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_token" uuid,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_campaign_recipients_status_valid" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'unknown')),
	CONSTRAINT "newsletter_campaign_recipients_attempts_non_negative" CHECK ("newsletter_campaign_recipients"."attempts" >= 0),
	CONSTRAINT "newsletter_campaign_recipients_claimed" CHECK ("newsletter_campaign_recipients"."status" NOT IN ('sending', 'unknown') OR ("newsletter_campaign_recipients"."claimed_at" IS NOT NULL AND "newsletter_campaign_recipients"."claim_token" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "newsletter_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"list" text,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_campaigns_status_valid" CHECK ("status" IN ('draft', 'sending', 'sent')),
	CONSTRAINT "newsletter_campaigns_list_valid" CHECK ("newsletter_campaigns"."list" IS NULL OR "newsletter_campaigns"."list" IN ('newsletter', 'launch')),
	CONSTRAINT "newsletter_campaigns_sent_has_list" CHECK ("newsletter_campaigns"."status" = 'draft' OR "newsletter_campaigns"."list" IS NOT NULL),
	CONSTRAINT "newsletter_campaigns_subject_length" CHECK (length("newsletter_campaigns"."subject") BETWEEN 1 AND 150)
);
--> statement-breakpoint
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_campaign_recipients_email_uq" ON "newsletter_campaign_recipients" USING btree ("campaign_id",lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_campaign_recipients_claim_idx" ON "newsletter_campaign_recipients" USING btree ("campaign_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_created_idx" ON "newsletter_campaigns" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_sending_idx" ON "newsletter_campaigns" USING btree ("send_started_at") WHERE "newsletter_campaigns"."status" = 'sending';