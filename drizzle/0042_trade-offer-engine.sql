ALTER TABLE "sell_order_items" ADD COLUMN "new_asset_id" text;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "offer_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "offer_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "offer_problem" text;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "offer_problem_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "manual_offer_reason" text;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "hijack_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD COLUMN "hijack_reason" text;--> statement-breakpoint
ALTER TABLE "seller_limits" ADD COLUMN "offers_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_bots" ADD COLUMN "steam_level" integer;--> statement-breakpoint
ALTER TABLE "trade_bots" ADD COLUMN "account_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_bots" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "trade_bots" ADD COLUMN "profile_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_bots" ADD COLUMN "rate_limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_bot_id_trade_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."trade_bots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sell_orders_bot_status_idx" ON "sell_orders" USING btree ("bot_id","status");--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_offer_attempt_valid" CHECK ("sell_orders"."offer_attempt" >= 0);