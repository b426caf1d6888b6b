DROP INDEX "sell_orders_user_created_idx";--> statement-breakpoint
DROP INDEX "sell_orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "sell_orders_created_idx" ON "sell_orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_orders_user_created_idx" ON "sell_orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_orders_status_created_idx" ON "sell_orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);