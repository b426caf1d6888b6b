CREATE TABLE "price_alert_items" (
	"alert_id" uuid NOT NULL,
	"market_hash_name" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "price_alert_items_alert_id_market_hash_name_pk" PRIMARY KEY("alert_id","market_hash_name"),
	CONSTRAINT "price_alert_items_category_valid" CHECK ("category" IN ('weapon', 'knife', 'gloves', 'sticker', 'container', 'agent', 'other')),
	CONSTRAINT "price_alert_items_quantity_positive" CHECK ("price_alert_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text,
	"kind" text NOT NULL,
	"steam_id" text NOT NULL,
	"label" text NOT NULL,
	"target_ore" bigint NOT NULL,
	"last_value_ore" bigint NOT NULL,
	"reached" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"fired_at" timestamp with time zone,
	"fire_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_kind_valid" CHECK ("kind" IN ('item', 'inventory')),
	CONSTRAINT "price_alerts_owner" CHECK (("price_alerts"."user_id" IS NULL) <> ("price_alerts"."email" IS NULL)),
	CONSTRAINT "price_alerts_member_confirmed" CHECK ("price_alerts"."user_id" IS NULL OR "price_alerts"."confirmed_at" IS NOT NULL),
	CONSTRAINT "price_alerts_target_valid" CHECK ("price_alerts"."target_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_alert_items" ADD CONSTRAINT "price_alert_items_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alert_items_name_idx" ON "price_alert_items" USING btree ("market_hash_name");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_email_idx" ON "price_alerts" USING btree ("email");