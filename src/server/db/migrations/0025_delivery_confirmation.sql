ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_by" text;--> statement-breakpoint
-- Orders delivered before this migration were marked so by an admin; their time is their 'delivered' step.
UPDATE "orders" SET "delivered_by" = 'admin', "delivered_at" = coalesce((select max(e."created_at") from "order_events" e where e."order_id" = "orders"."id" and e."type" = 'delivered'), "orders"."updated_at") WHERE "status" = 'delivered';--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("shipped_at") WHERE "orders"."status" = 'shipped';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_by_ck" CHECK ("orders"."delivered_by" in ('tap', 'buyer', 'auto', 'admin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_ck" CHECK ("orders"."status" <> 'delivered' or ("orders"."delivered_by" is not null and "orders"."delivered_at" is not null));