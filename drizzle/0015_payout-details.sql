CREATE TABLE "payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"key_id" text NOT NULL,
	"ciphertext" text NOT NULL,
	"masked_label" text NOT NULL,
	"masked_value" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_method_valid" CHECK ("method" IN ('swish', 'bank', 'crypto')),
	CONSTRAINT "payout_details_revision_positive" CHECK ("payout_details"."revision" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_details_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"method" text NOT NULL,
	"masked_label" text NOT NULL,
	"masked_value" text NOT NULL,
	"confirmed_by" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_history_method_valid" CHECK ("method" IN ('swish', 'bank', 'crypto')),
	CONSTRAINT "payout_details_history_confirmed_valid" CHECK ("confirmed_by" IN ('password', 'recent_sign_in'))
);
--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_details_history" ADD CONSTRAINT "payout_details_history_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_details_history_user_revision_uq" ON "payout_details_history" USING btree ("user_id","revision");--> statement-breakpoint
CREATE INDEX "payout_details_history_user_created_idx" ON "payout_details_history" USING btree ("user_id","created_at" DESC NULLS LAST);