CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_queue_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "mail_queue_status_valid" CHECK ("status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_queue_attempts_nonnegative" CHECK ("mail_queue"."attempts" >= 0),
	CONSTRAINT "mail_queue_sent_has_time" CHECK (("mail_queue"."status" = 'sent') = ("mail_queue"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "mail_queue_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_queue_attachments_filename_length" CHECK (length("mail_queue_attachments"."filename") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "mail_queue_attachments" ADD CONSTRAINT "mail_queue_attachments_mail_id_mail_queue_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_queue_failed_idx" ON "mail_queue" USING btree ("updated_at" DESC NULLS LAST) WHERE "mail_queue"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "mail_queue_sent_idx" ON "mail_queue" USING btree ("sent_at") WHERE "mail_queue"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_attachments_position_idx" ON "mail_queue_attachments" USING btree ("mail_id","position");