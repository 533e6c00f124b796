ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_ck";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_kind_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_insurance_cents_ck" CHECK ("orders"."insurance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_ck" CHECK ("refunds"."reason" in ('chip_unavailable', 'duplicate_payment', 'admin', 'shipping_unused'));--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_kind_ck" CHECK ("ledger_lines"."kind" in ('payment', 'refund', 'platform_fee', 'mint_fee', 'transfer_fee', 'shipping', 'shipping_insurance', 'seller_proceeds', 'affiliate_commission', 'refund_due', 'payout', 'direct_payment'));