DROP INDEX "point_shop_orders_user_created_idx";--> statement-breakpoint
DROP INDEX "points_transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "trades_user_created_idx";--> statement-breakpoint
DROP INDEX "xp_transactions_user_created_idx";--> statement-breakpoint
CREATE INDEX "point_shop_orders_user_created_idx" ON "point_shop_orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "points_transactions_user_created_idx" ON "points_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trades_user_created_idx" ON "trades" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "xp_transactions_user_created_idx" ON "xp_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);