CREATE TABLE "sell_quote_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"asset_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"name" text NOT NULL,
	"wear" text,
	"variant" text,
	"image_url" text,
	"reference_price_ore" bigint,
	"buy_rate_percent" integer,
	"price_ore" bigint,
	"refusal" text,
	"tradable_after" timestamp with time zone,
	CONSTRAINT "sell_quote_items_wear_valid" CHECK ("wear" IN ('FN', 'MW', 'FT', 'WW', 'BS')),
	CONSTRAINT "sell_quote_items_variant_valid" CHECK ("variant" IN ('stattrak', 'souvenir')),
	CONSTRAINT "sell_quote_items_refusal_valid" CHECK ("refusal" IN ('no_price', 'below_minimum', 'not_tradable', 'trade_protected')),
	CONSTRAINT "sell_quote_items_price_xor_refusal" CHECK (COALESCE((("sell_quote_items"."refusal" IS NULL AND "sell_quote_items"."price_ore" > 0) OR ("sell_quote_items"."refusal" IS NOT NULL AND "sell_quote_items"."price_ore" IS NULL)), false)),
	CONSTRAINT "sell_quote_items_rate_valid" CHECK ("sell_quote_items"."buy_rate_percent" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "sell_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"level_at_quote" text NOT NULL,
	"base_total_ore" bigint NOT NULL,
	"level_bonus_percent" integer DEFAULT 0 NOT NULL,
	"level_bonus_ore" bigint DEFAULT 0 NOT NULL,
	"bulk_bonus_percent" integer DEFAULT 0 NOT NULL,
	"bulk_bonus_ore" bigint DEFAULT 0 NOT NULL,
	"total_ore" bigint NOT NULL,
	"points" integer NOT NULL,
	"xp" integer NOT NULL,
	"payout_method" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_quotes_level_valid" CHECK ("level_at_quote" IN ('bronze', 'silver', 'gold', 'platinum')),
	CONSTRAINT "sell_quotes_method_valid" CHECK ("payout_method" IN ('swish', 'bank', 'crypto')),
	CONSTRAINT "sell_quotes_amounts_non_negative" CHECK ("sell_quotes"."base_total_ore" >= 0 AND "sell_quotes"."level_bonus_ore" >= 0 AND "sell_quotes"."bulk_bonus_ore" >= 0 AND "sell_quotes"."points" >= 0 AND "sell_quotes"."xp" >= 0),
	CONSTRAINT "sell_quotes_percents_valid" CHECK ("sell_quotes"."level_bonus_percent" BETWEEN 0 AND 100 AND "sell_quotes"."bulk_bonus_percent" BETWEEN 0 AND 100),
	CONSTRAINT "sell_quotes_total_is_sum" CHECK ("sell_quotes"."total_ore" = "sell_quotes"."base_total_ore" + "sell_quotes"."level_bonus_ore" + "sell_quotes"."bulk_bonus_ore")
);
--> statement-breakpoint
ALTER TABLE "sell_quote_items" ADD CONSTRAINT "sell_quote_items_quote_id_sell_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."sell_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_quotes" ADD CONSTRAINT "sell_quotes_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sell_quote_items_quote_position_uq" ON "sell_quote_items" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_quote_items_quote_asset_uq" ON "sell_quote_items" USING btree ("quote_id","asset_id");--> statement-breakpoint
CREATE INDEX "sell_quotes_user_created_idx" ON "sell_quotes" USING btree ("user_id","created_at" DESC NULLS LAST);