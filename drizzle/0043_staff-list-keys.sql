DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "mail_queue_failed_idx";--> statement-breakpoint
DROP INDEX "newsletter_campaigns_created_idx";--> statement-breakpoint
DROP INDEX "sell_orders_user_created_idx";--> statement-breakpoint
DROP INDEX "sell_orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_updated_idx" ON "blog_posts" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_orders_created_idx" ON "sell_orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_queue_failed_idx" ON "mail_queue" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mail_queue"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_created_idx" ON "newsletter_campaigns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_orders_user_created_idx" ON "sell_orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_orders_status_created_idx" ON "sell_orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);