ALTER TABLE "orders" ADD COLUMN "buyer_confirmation" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "orders_client_key_idx" ON "orders" USING btree ("client_key","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_confirmation_ck" CHECK ("orders"."buyer_confirmation" in ('not_needed', 'pending', 'confirmed'));