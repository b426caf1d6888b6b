CREATE TABLE "session_step_ups" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"second_factor_at" timestamp with time zone,
	"step_up_at" timestamp with time zone NOT NULL,
	"step_up_method" text NOT NULL,
	CONSTRAINT "session_step_ups_method_valid" CHECK ("step_up_method" IN ('totp', 'backup_code', 'password', 'bankid'))
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" uuid NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payout_details_history" DROP CONSTRAINT "payout_details_history_confirmed_valid";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_step_ups" ADD CONSTRAINT "session_step_ups_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_user_id_uq" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payout_details_history" ADD CONSTRAINT "payout_details_history_confirmed_valid" CHECK ("confirmed_by" IN ('password', 'recent_sign_in', 'second_factor'));