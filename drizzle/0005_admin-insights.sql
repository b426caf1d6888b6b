CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_created_idx" ON "newsletter_subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "point_shop_orders_created_idx" ON "point_shop_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "points_transactions_created_idx" ON "points_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trades_completed_at_idx" ON "trades" USING btree ("completed_at") WHERE "trades"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "trades_completed_member_idx" ON "trades" USING btree ("user_id","completed_at","type","total_ore") WHERE "trades"."status" = 'completed';