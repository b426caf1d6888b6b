CREATE TABLE "swish_payout_instructions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"amount_ore" bigint NOT NULL,
	"payee_masked" text NOT NULL,
	"swish_status" text,
	"error_code" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "swish_payout_instructions_state_valid" CHECK ("state" IN ('claimed', 'sent', 'paid', 'failed')),
	CONSTRAINT "swish_payout_instructions_amount_positive" CHECK ("swish_payout_instructions"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "swish_payout_instructions" ADD CONSTRAINT "swish_payout_instructions_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swish_payout_instructions_attempt_uq" ON "swish_payout_instructions" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "swish_payout_instructions_open_uq" ON "swish_payout_instructions" USING btree ("order_id") WHERE "swish_payout_instructions"."state" IN ('claimed', 'sent');--> statement-breakpoint
CREATE INDEX "swish_payout_instructions_open_idx" ON "swish_payout_instructions" USING btree ("claimed_at") WHERE "swish_payout_instructions"."state" IN ('claimed', 'sent');