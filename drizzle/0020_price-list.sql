CREATE TABLE "sell_prices" (
	"market_hash_name" text PRIMARY KEY NOT NULL,
	"reference_price_ore" bigint NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "sell_prices_price_valid" CHECK ("sell_prices"."reference_price_ore" > 0 AND "sell_prices"."reference_price_ore" <= 100000000),
	CONSTRAINT "sell_prices_source_valid" CHECK ("source" IN ('manual', 'csv', 'skinport')),
	CONSTRAINT "sell_prices_name_length" CHECK (length("sell_prices"."market_hash_name") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "sell_prices" ADD CONSTRAINT "sell_prices_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;