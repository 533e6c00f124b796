CREATE TABLE "disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"evidence_submitted_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"refund_id" integer,
	"fee_cents" integer,
	CONSTRAINT "disputes_provider_ck" CHECK ("disputes"."provider" in ('stripe', 'paypal', 'demo')),
	CONSTRAINT "disputes_status_ck" CHECK ("disputes"."status" in ('needs_response', 'under_review', 'won', 'lost')),
	CONSTRAINT "disputes_amount_ck" CHECK ("disputes"."amount_cents" > 0),
	CONSTRAINT "disputes_closed_ck" CHECK (("disputes"."closed_at" is not null) = ("disputes"."status" in ('won', 'lost'))),
	CONSTRAINT "disputes_fee_ck" CHECK ("disputes"."fee_cents" is null or ("disputes"."status" = 'lost' and "disputes"."fee_cents" >= 0)),
	CONSTRAINT "disputes_refund_ck" CHECK ("disputes"."refund_id" is null or "disputes"."status" = 'lost')
);
--> statement-breakpoint
ALTER TABLE "chip_events" DROP CONSTRAINT "chip_events_type_ck";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_ck";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_kind_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dispute_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_id_uq" ON "disputes" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("opened_at") WHERE "disputes"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "chip_events" ADD CONSTRAINT "chip_events_type_ck" CHECK ("chip_events"."type" in ('minted', 'listed', 'unlisted', 'priced', 'sold', 'transferred', 'refunded', 'shipped', 'delivered', 'verified_tap', 'handed_over', 'reported', 'vault_requested', 'vault_received', 'vault_checked_in', 'vault_refused', 'vault_cancelled', 'frozen', 'unfrozen', 'reclaimed'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_ck" CHECK ("refunds"."reason" in ('chip_unavailable', 'duplicate_payment', 'admin', 'shipping_unused', 'buyer_protection', 'chargeback', 'provider'));--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_kind_ck" CHECK ("ledger_lines"."kind" in ('payment', 'refund', 'platform_fee', 'mint_fee', 'transfer_fee', 'shipping', 'shipping_insurance', 'seller_proceeds', 'affiliate_commission', 'creator_royalty', 'refund_due', 'payout', 'direct_payment', 'dispute_fee'));