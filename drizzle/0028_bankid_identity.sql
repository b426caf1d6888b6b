CREATE TABLE "bankid_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_ref" text NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"flow" text NOT NULL,
	"binding_hash" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_secret_key_id" text NOT NULL,
	"qr_secret_ciphertext" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hint_code" text,
	"collected_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bankid_orders_order_ref_unique" UNIQUE("order_ref"),
	CONSTRAINT "bankid_orders_purpose_valid" CHECK ("purpose" IN ('verify', 'signin')),
	CONSTRAINT "bankid_orders_flow_valid" CHECK ("flow" IN ('this_device', 'qr')),
	CONSTRAINT "bankid_orders_status_valid" CHECK ("status" IN ('pending', 'complete', 'failed', 'cancelled')),
	CONSTRAINT "bankid_orders_verify_has_member" CHECK ("bankid_orders"."purpose" <> 'verify' OR "bankid_orders"."user_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "verified_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"personnummer_hmac" text NOT NULL,
	"hmac_key_id" text NOT NULL,
	"key_id" text NOT NULL,
	"ciphertext" text NOT NULL,
	"masked_personnummer" text NOT NULL,
	"birth_date" date NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_identities_personnummer_hmac_unique" UNIQUE("personnummer_hmac"),
	CONSTRAINT "verified_identities_masked_format" CHECK ("verified_identities"."masked_personnummer" ~ '^[0-9]{8}-••••$')
);
--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD CONSTRAINT "bankid_orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_identities" ADD CONSTRAINT "verified_identities_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bankid_orders_started_idx" ON "bankid_orders" USING btree ("started_at");