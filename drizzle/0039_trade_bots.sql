CREATE TABLE "trade_bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"steam_id" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"key_id" text NOT NULL,
	"ciphertext" text NOT NULL,
	"last_error" text,
	"inventory_size" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_bots_steam_id_unique" UNIQUE("steam_id"),
	CONSTRAINT "trade_bots_status_valid" CHECK ("status" IN ('active', 'session_expired', 'rate_limited', 'disabled')),
	CONSTRAINT "trade_bots_steam_id_valid" CHECK ("trade_bots"."steam_id" ~ '^7656119[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "trade_bots" ADD CONSTRAINT "trade_bots_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;