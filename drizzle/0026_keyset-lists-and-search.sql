CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_status_created_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "point_shop_orders_status_idx";--> statement-breakpoint
DROP INDEX "point_shop_orders_created_idx";--> statement-breakpoint
DROP INDEX "referrals_status_created_idx";--> statement-breakpoint
DROP INDEX "referrals_created_idx";--> statement-breakpoint
DROP INDEX "trades_status_created_idx";--> statement-breakpoint
DROP INDEX "trades_type_created_idx";--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_email_trgm_idx" ON "newsletter_subscriptions" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_search_text_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trades_total_idx" ON "trades" USING btree ("total_ore" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_base_total_idx" ON "trades" USING btree ("base_total_ore" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_created_idx" ON "newsletter_subscriptions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "point_shop_orders_status_idx" ON "point_shop_orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "point_shop_orders_created_idx" ON "point_shop_orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at" DESC NULLS LAST,"friend_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at" DESC NULLS LAST,"friend_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_status_created_idx" ON "trades" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_type_created_idx" ON "trades" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);