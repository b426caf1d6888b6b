CREATE TABLE "payout_batch_orders" (
	"batch_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"amount_ore" bigint NOT NULL,
	"masked" text NOT NULL,
	"returned_at" timestamp with time zone,
	"returned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batch_orders_batch_id_order_id_pk" PRIMARY KEY("batch_id","order_id"),
	CONSTRAINT "payout_batch_orders_state_valid" CHECK ("state" IN ('open', 'paid', 'returned')),
	CONSTRAINT "payout_batch_orders_amount_positive" CHECK ("payout_batch_orders"."amount_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_date" date NOT NULL,
	"order_count" integer NOT NULL,
	"total_ore" bigint NOT NULL,
	"file_key_id" text NOT NULL,
	"file_ciphertext" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	CONSTRAINT "payout_batches_status_valid" CHECK ("status" IN ('open', 'paid', 'closed')),
	CONSTRAINT "payout_batches_totals_valid" CHECK ("payout_batches"."order_count" > 0 AND "payout_batches"."total_ore" > 0),
	CONSTRAINT "payout_batches_message_format" CHECK ("payout_batches"."message_id" ~ '^[A-Za-z0-9-]{1,35}$')
);
--> statement-breakpoint
ALTER TABLE "payout_batch_orders" ADD CONSTRAINT "payout_batch_orders_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_orders" ADD CONSTRAINT "payout_batch_orders_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_orders" ADD CONSTRAINT "payout_batch_orders_returned_by_user_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_orders_open_uq" ON "payout_batch_orders" USING btree ("order_id") WHERE "payout_batch_orders"."state" = 'open';--> statement-breakpoint
CREATE INDEX "payout_batch_orders_order_idx" ON "payout_batch_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_message_uq" ON "payout_batches" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "payout_batches_status_created_idx" ON "payout_batches" USING btree ("status","created_at" DESC NULLS LAST);