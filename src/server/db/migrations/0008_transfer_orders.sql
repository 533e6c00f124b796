ALTER TABLE "orders" DROP CONSTRAINT "orders_order_type_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_recipient" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_to_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_to_user_id_users_id_fk" FOREIGN KEY ("transfer_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_ck" CHECK (("orders"."order_type" = 'transfer') = ("orders"."transfer_recipient" is not null) and ("orders"."order_type" <> 'transfer' or "orders"."chip_id" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_type_ck" CHECK ("orders"."order_type" in ('mint', 'purchase', 'shipping', 'transfer'));