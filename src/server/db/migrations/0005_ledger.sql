CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_reference" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_ck" CHECK ("refunds"."provider" in ('demo', 'stripe', 'paypal', 'solana')),
	CONSTRAINT "refunds_reason_ck" CHECK ("refunds"."reason" in ('chip_unavailable', 'duplicate_payment', 'admin')),
	CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('requested', 'pending', 'succeeded', 'manual', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"method" text DEFAULT 'manual' NOT NULL,
	"paypal_email" text,
	"stripe_account_id" text,
	"stripe_ready" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payout_accounts_method_ck" CHECK ("payout_accounts"."method" in ('manual', 'stripe_connect', 'paypal_payouts'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_key" text NOT NULL,
	"order_id" integer,
	"chip_id" integer,
	"payout_id" integer,
	"refund_id" integer,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "ledger_lines_account_ck" CHECK ("ledger_lines"."account" in ('buyer', 'platform', 'seller', 'affiliate', 'shipping')),
	CONSTRAINT "ledger_lines_kind_ck" CHECK ("ledger_lines"."kind" in ('payment', 'refund', 'platform_fee', 'mint_fee', 'transfer_fee', 'shipping', 'seller_proceeds', 'affiliate_commission', 'refund_due', 'payout', 'direct_payment')),
	CONSTRAINT "ledger_lines_user_ck" CHECK (("ledger_lines"."account" in ('seller', 'affiliate')) = ("ledger_lines"."user_id" is not null) or "ledger_lines"."account" = 'buyer')
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_chip_id_chips_id_fk" FOREIGN KEY ("chip_id") REFERENCES "public"."chips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_uq" ON "refunds" USING btree ("order_id","payment_key");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_user_uq" ON "payout_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_entry_key_uq" ON "ledger_lines" USING btree ("entry_key");--> statement-breakpoint
CREATE INDEX "ledger_lines_order_idx" ON "ledger_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_user_idx" ON "ledger_lines" USING btree ("user_id","account");--> statement-breakpoint
CREATE INDEX "ledger_lines_payout_idx" ON "ledger_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_refund_idx" ON "ledger_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_created_idx" ON "ledger_lines" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_ck" CHECK ("payouts"."method" in ('manual', 'stripe_connect', 'paypal_payouts'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_ck" CHECK ("payouts"."status" in ('pending', 'paid', 'failed'));