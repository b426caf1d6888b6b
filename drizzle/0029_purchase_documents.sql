CREATE TABLE "purchase_document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_document_counters_last_number_valid" CHECK ("purchase_document_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"corrects_id" uuid,
	"correction_note" text,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"base_total_ore" bigint NOT NULL,
	"bonus_ore" bigint NOT NULL,
	"total_ore" bigint NOT NULL,
	"payout_method" text NOT NULL,
	"payout_reference" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_documents_number_positive" CHECK ("purchase_documents"."number" > 0),
	CONSTRAINT "purchase_documents_total_valid" CHECK ("purchase_documents"."total_ore" = "purchase_documents"."base_total_ore" + "purchase_documents"."bonus_ore" AND "purchase_documents"."total_ore" > 0),
	CONSTRAINT "purchase_documents_method_valid" CHECK ("payout_method" IN ('swish', 'bank', 'crypto'))
);
--> statement-breakpoint
ALTER TABLE "purchase_documents" ADD CONSTRAINT "purchase_documents_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_documents" ADD CONSTRAINT "purchase_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_documents" ADD CONSTRAINT "purchase_documents_corrects_id_purchase_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."purchase_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_documents_number_idx" ON "purchase_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_documents_order_first_idx" ON "purchase_documents" USING btree ("order_id") WHERE "purchase_documents"."corrects_id" IS NULL;--> statement-breakpoint
CREATE INDEX "purchase_documents_paid_idx" ON "purchase_documents" USING btree ("paid_at","number");--> statement-breakpoint
CREATE INDEX "purchase_documents_user_idx" ON "purchase_documents" USING btree ("user_id");