ALTER TABLE "newsletter_campaigns" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "sender_lease_until" timestamp with time zone;