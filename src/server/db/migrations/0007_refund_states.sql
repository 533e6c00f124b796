ALTER TABLE "chip_events" DROP CONSTRAINT "chip_events_type_ck";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_ck";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_ck";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_ck";--> statement-breakpoint
ALTER TABLE "chip_events" ADD CONSTRAINT "chip_events_type_ck" CHECK ("chip_events"."type" in ('minted', 'listed', 'unlisted', 'priced', 'sold', 'transferred', 'refunded', 'shipped', 'delivered', 'verified_tap'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_ck" CHECK ("order_events"."type" in ('placed', 'paid', 'payment_failed', 'cancelled', 'processing', 'completed', 'shipped', 'delivered', 'media_uploaded', 'artchip_created', 'refund_requested', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_ck" CHECK ("orders"."payment_status" in ('pending', 'processing', 'completed', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('requested', 'processing', 'pending', 'succeeded', 'manual', 'failed'));