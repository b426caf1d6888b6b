CREATE TABLE "sell_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_order_events_from_valid" CHECK ("from_status" IN ('in_review', 'awaiting_offer', 'offer_sent', 'protected', 'payout_scheduled', 'paid', 'cancelled', 'declined', 'expired', 'reversed', 'payout_failed')),
	CONSTRAINT "sell_order_events_to_valid" CHECK ("to_status" IN ('in_review', 'awaiting_offer', 'offer_sent', 'protected', 'payout_scheduled', 'paid', 'cancelled', 'declined', 'expired', 'reversed', 'payout_failed'))
);
--> statement-breakpoint
CREATE TABLE "sell_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"asset_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"name" text NOT NULL,
	"wear" text,
	"variant" text,
	"image_url" text,
	"price_ore" bigint NOT NULL,
	CONSTRAINT "sell_order_items_wear_valid" CHECK ("wear" IN ('FN', 'MW', 'FT', 'WW', 'BS')),
	CONSTRAINT "sell_order_items_variant_valid" CHECK ("variant" IN ('stattrak', 'souvenir')),
	CONSTRAINT "sell_order_items_price_positive" CHECK ("sell_order_items"."price_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "sell_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"status" text NOT NULL,
	"security_code" text NOT NULL,
	"level_at_quote" text NOT NULL,
	"base_total_ore" bigint NOT NULL,
	"level_bonus_percent" integer NOT NULL,
	"level_bonus_ore" bigint NOT NULL,
	"bulk_bonus_percent" integer NOT NULL,
	"bulk_bonus_ore" bigint NOT NULL,
	"total_ore" bigint NOT NULL,
	"points" integer NOT NULL,
	"xp" integer NOT NULL,
	"payout_method" text NOT NULL,
	"trade_offer_id" text,
	"offer_sent_at" timestamp with time zone,
	"offer_state" integer,
	"steam_trade_id" text,
	"offer_accepted_at" timestamp with time zone,
	"protection_ends_at" timestamp with time zone,
	"payout_due_at" timestamp with time zone,
	"payout_claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payout_reference" text,
	"payout_masked" text,
	"payout_failure" text,
	"trade_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_orders_status_valid" CHECK ("status" IN ('in_review', 'awaiting_offer', 'offer_sent', 'protected', 'payout_scheduled', 'paid', 'cancelled', 'declined', 'expired', 'reversed', 'payout_failed')),
	CONSTRAINT "sell_orders_level_valid" CHECK ("level_at_quote" IN ('bronze', 'silver', 'gold', 'platinum')),
	CONSTRAINT "sell_orders_method_valid" CHECK ("payout_method" IN ('swish', 'bank', 'crypto')),
	CONSTRAINT "sell_orders_total_is_sum" CHECK ("sell_orders"."total_ore" = "sell_orders"."base_total_ore" + "sell_orders"."level_bonus_ore" + "sell_orders"."bulk_bonus_ore"),
	CONSTRAINT "sell_orders_amounts_valid" CHECK ("sell_orders"."base_total_ore" > 0 AND "sell_orders"."level_bonus_ore" >= 0 AND "sell_orders"."bulk_bonus_ore" >= 0 AND "sell_orders"."points" >= 0 AND "sell_orders"."xp" >= 0),
	CONSTRAINT "sell_orders_code_format" CHECK ("security_code" ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$'),
	CONSTRAINT "sell_orders_offer_id_format" CHECK ("sell_orders"."trade_offer_id" ~ '^[0-9]{1,20}$'),
	CONSTRAINT "sell_orders_reference_length" CHECK (length("sell_orders"."payout_reference") BETWEEN 1 AND 120),
	CONSTRAINT "sell_orders_paid_has_trade" CHECK ("sell_orders"."status" <> 'paid' OR ("sell_orders"."trade_id" IS NOT NULL AND "sell_orders"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "seller_limits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"max_open_orders" integer DEFAULT 1 NOT NULL,
	"blocked_until" timestamp with time zone,
	"blocked_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_limits_open_orders_range" CHECK ("seller_limits"."max_open_orders" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "trade_items" ALTER COLUMN "wear" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sell_order_events" ADD CONSTRAINT "sell_order_events_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_order_events" ADD CONSTRAINT "sell_order_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_order_items" ADD CONSTRAINT "sell_order_items_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_quote_id_sell_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."sell_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_limits" ADD CONSTRAINT "seller_limits_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sell_order_events_order_created_idx" ON "sell_order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_order_items_order_position_uq" ON "sell_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_orders_quote_uq" ON "sell_orders" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_orders_trade_uq" ON "sell_orders" USING btree ("trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_orders_offer_uq" ON "sell_orders" USING btree ("trade_offer_id");--> statement-breakpoint
CREATE INDEX "sell_orders_user_created_idx" ON "sell_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_orders_status_created_idx" ON "sell_orders" USING btree ("status","created_at" DESC NULLS LAST);