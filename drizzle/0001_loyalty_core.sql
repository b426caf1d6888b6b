CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_format" CHECK ("audit_log"."action" ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$'),
	CONSTRAINT "audit_log_entity_type_format" CHECK ("audit_log"."entity_type" ~ '^[a-z][a-z_]{1,63}$'),
	CONSTRAINT "audit_log_entity_id_length" CHECK (length("audit_log"."entity_id") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "member_perks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"multiplier" integer,
	"bonus_percent" integer,
	"level" text,
	"source_order_id" uuid,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"consumed_by_trade_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_perks_source_order_id_unique" UNIQUE("source_order_id"),
	CONSTRAINT "member_perks_kind_valid" CHECK ("kind" IN ('points_multiplier', 'sale_bonus', 'temporary_level')),
	CONSTRAINT "member_perks_values_match_kind" CHECK (COALESCE((("member_perks"."kind" = 'points_multiplier' AND "member_perks"."multiplier" >= 2 AND "member_perks"."bonus_percent" IS NULL AND "member_perks"."level" IS NULL AND "member_perks"."expires_at" IS NOT NULL)
        OR ("member_perks"."kind" = 'sale_bonus' AND "member_perks"."bonus_percent" BETWEEN 1 AND 100 AND "member_perks"."multiplier" IS NULL AND "member_perks"."level" IS NULL)
        OR ("member_perks"."kind" = 'temporary_level' AND "level" IN ('bronze', 'silver', 'gold', 'platinum') AND "member_perks"."multiplier" IS NULL AND "member_perks"."bonus_percent" IS NULL AND "member_perks"."expires_at" IS NOT NULL)), false)),
	CONSTRAINT "member_perks_period_valid" CHECK ("member_perks"."expires_at" IS NULL OR "member_perks"."expires_at" > "member_perks"."starts_at"),
	CONSTRAINT "member_perks_only_one_off_consumed" CHECK ("member_perks"."consumed_at" IS NULL OR "member_perks"."kind" = 'sale_bonus')
);
--> statement-breakpoint
CREATE TABLE "trade_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"skin_name" text NOT NULL,
	"wear" text NOT NULL,
	"float_value" double precision,
	"variant" text,
	"price_ore" bigint NOT NULL,
	CONSTRAINT "trade_items_wear_valid" CHECK ("wear" IN ('FN', 'MW', 'FT', 'WW', 'BS')),
	CONSTRAINT "trade_items_variant_valid" CHECK ("variant" IN ('stattrak', 'souvenir')),
	CONSTRAINT "trade_items_float_range" CHECK ("trade_items"."float_value" >= 0 AND "trade_items"."float_value" <= 1),
	CONSTRAINT "trade_items_price_positive" CHECK ("trade_items"."price_ore" > 0),
	CONSTRAINT "trade_items_skin_name_length" CHECK (length("trade_items"."skin_name") BETWEEN 1 AND 200),
	CONSTRAINT "trade_items_position_non_negative" CHECK ("trade_items"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_payout_method_valid";--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_amount_positive";--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_status_valid";--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD COLUMN "min_level" text;--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD COLUMN "effect_kind" text;--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD COLUMN "effect_value" integer;--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD COLUMN "effect_level" text;--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD COLUMN "effect_days" integer;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "base_total_ore" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "level_at_recording" text NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "level_bonus_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "level_bonus_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "bulk_bonus_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "bulk_bonus_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "perk_bonus_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "perk_bonus_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "purchase_fee_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "purchase_fee_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "total_ore" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "points_credited" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "xp_credited" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "points_multiplier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "clawback_points_shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "clawback_xp_shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_perks" ADD CONSTRAINT "member_perks_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_perks" ADD CONSTRAINT "member_perks_source_order_id_point_shop_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."point_shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_perks" ADD CONSTRAINT "member_perks_consumed_by_trade_id_trades_id_fk" FOREIGN KEY ("consumed_by_trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_perks_user_kind_idx" ON "member_perks" USING btree ("user_id","kind","expires_at");--> statement-breakpoint
CREATE INDEX "member_perks_consumed_by_trade_idx" ON "member_perks" USING btree ("consumed_by_trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_items_trade_position_uq" ON "trade_items" USING btree ("trade_id","position");--> statement-breakpoint
CREATE INDEX "trades_type_created_idx" ON "trades" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_created_idx" ON "trades" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "amount_ore";--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD CONSTRAINT "point_shop_items_min_level_valid" CHECK ("min_level" IN ('bronze', 'silver', 'gold', 'platinum'));--> statement-breakpoint
ALTER TABLE "point_shop_items" ADD CONSTRAINT "point_shop_items_effect_valid" CHECK (COALESCE((("point_shop_items"."effect_kind" IS NULL AND "point_shop_items"."effect_value" IS NULL AND "point_shop_items"."effect_level" IS NULL AND "point_shop_items"."effect_days" IS NULL)
        OR ("point_shop_items"."effect_kind" = 'points_multiplier' AND "point_shop_items"."effect_value" BETWEEN 2 AND 10 AND "point_shop_items"."effect_level" IS NULL AND "point_shop_items"."effect_days" BETWEEN 1 AND 365)
        OR ("point_shop_items"."effect_kind" = 'sale_bonus' AND "point_shop_items"."effect_value" BETWEEN 1 AND 20 AND "point_shop_items"."effect_level" IS NULL AND "point_shop_items"."effect_days" IS NULL)
        OR ("point_shop_items"."effect_kind" = 'temporary_level' AND "effect_level" IN ('bronze', 'silver', 'gold', 'platinum') AND "point_shop_items"."effect_value" IS NULL AND "point_shop_items"."effect_days" BETWEEN 1 AND 365)), false));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_method_matches_type" CHECK (COALESCE((("trades"."type" = 'sale' AND "payout_method" IN ('swish', 'bank', 'crypto') AND "trades"."payment_method" IS NULL) OR ("trades"."type" = 'purchase' AND "payment_method" IN ('Swish', 'Kort', 'Apple Pay', 'Google Pay', 'Klarna') AND "trades"."payout_method" IS NULL)), false));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_extras_match_type" CHECK (COALESCE((("trades"."type" = 'sale' AND "trades"."purchase_fee_percent" = 0 AND "trades"."purchase_fee_ore" = 0) OR ("trades"."type" = 'purchase' AND "trades"."level_bonus_ore" = 0 AND "trades"."bulk_bonus_ore" = 0 AND "trades"."perk_bonus_ore" = 0 AND "trades"."level_bonus_percent" = 0 AND "trades"."bulk_bonus_percent" = 0 AND "trades"."perk_bonus_percent" = 0)), false));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_level_valid" CHECK ("level_at_recording" IN ('bronze', 'silver', 'gold', 'platinum'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_base_total_positive" CHECK ("trades"."base_total_ore" > 0);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_percents_valid" CHECK ("trades"."level_bonus_percent" BETWEEN 0 AND 100 AND "trades"."bulk_bonus_percent" BETWEEN 0 AND 100 AND "trades"."perk_bonus_percent" BETWEEN 0 AND 100 AND "trades"."purchase_fee_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_extras_non_negative" CHECK ("trades"."level_bonus_ore" >= 0 AND "trades"."bulk_bonus_ore" >= 0 AND "trades"."perk_bonus_ore" >= 0 AND "trades"."purchase_fee_ore" >= 0);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_total_is_sum" CHECK ("trades"."total_ore" = "trades"."base_total_ore" + "trades"."level_bonus_ore" + "trades"."bulk_bonus_ore" + "trades"."perk_bonus_ore" + "trades"."purchase_fee_ore");--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_credits_non_negative" CHECK ("trades"."points_credited" >= 0 AND "trades"."xp_credited" >= 0 AND "trades"."points_multiplier" >= 1 AND "trades"."clawback_points_shortfall" >= 0 AND "trades"."clawback_xp_shortfall" >= 0);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_credit_needs_completion" CHECK ("trades"."completed_at" IS NOT NULL OR ("trades"."points_credited" = 0 AND "trades"."xp_credited" = 0));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_status_timestamps" CHECK (("trades"."status" <> 'completed' OR "trades"."completed_at" IS NOT NULL) AND ("trades"."status" <> 'reversed' OR "trades"."reversed_at" IS NOT NULL) AND ("trades"."status" <> 'cancelled' OR "trades"."cancelled_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_note_length" CHECK (length("trades"."note") <= 1000);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_status_valid" CHECK (COALESCE((("trades"."type" = 'sale' AND "status" IN ('pending', 'completed', 'reversed', 'cancelled')) OR ("trades"."type" = 'purchase' AND "status" IN ('pending', 'completed', 'cancelled'))), false));