CREATE TABLE "sell_price_history" (
	"market_hash_name" text NOT NULL,
	"day" date NOT NULL,
	"reference_price_ore" bigint NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sell_price_history_market_hash_name_day_pk" PRIMARY KEY("market_hash_name","day"),
	CONSTRAINT "sell_price_history_price_valid" CHECK ("sell_price_history"."reference_price_ore" > 0),
	CONSTRAINT "sell_price_history_source_valid" CHECK ("source" IN ('manual', 'csv', 'skinport'))
);
--> statement-breakpoint
ALTER TABLE "sell_quote_items" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "sell_quote_items" ADD COLUMN "reference_source" text;--> statement-breakpoint
ALTER TABLE "sell_quote_items" ADD COLUMN "reference_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sell_quote_items" ADD CONSTRAINT "sell_quote_items_category_valid" CHECK ("category" IN ('weapon', 'knife', 'gloves', 'sticker', 'container', 'agent', 'other'));--> statement-breakpoint
ALTER TABLE "sell_quote_items" ADD CONSTRAINT "sell_quote_items_reference_source_valid" CHECK ("reference_source" IN ('manual', 'csv', 'skinport'));