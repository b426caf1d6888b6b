CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"archive" "bytea",
	"size_bytes" integer,
	CONSTRAINT "data_exports_status_valid" CHECK ("status" IN ('pending', 'ready', 'failed')),
	CONSTRAINT "data_exports_ready_complete" CHECK ("data_exports"."status" <> 'ready' OR ("data_exports"."archive" IS NOT NULL AND "data_exports"."ready_at" IS NOT NULL AND "data_exports"."expires_at" IS NOT NULL AND "data_exports"."size_bytes" >= 0))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_uq" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_user_created_idx" ON "data_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_status_idx" ON "data_exports" USING btree ("status","created_at");