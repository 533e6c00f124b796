-- Issue 10: explicit chip, order and offer states. Backfill the new columns from the old flags
-- first, then make the wire flags generated from the states, then let CHECKs hold them.
ALTER TABLE "chips" ADD COLUMN "custody" text DEFAULT 'in_vault' NOT NULL;
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "reserved_for_user_id" integer;
--> statement-breakpoint
UPDATE "chips" SET "status" = 'inactive'
  WHERE "status" NOT IN ('pending', 'active', 'inactive', 'sold')
     OR ("status" = 'active' AND NOT ("is_active" AND "is_for_sale" AND "is_available"));
--> statement-breakpoint
UPDATE "chips" SET "custody" = CASE
    WHEN "shipping_option" <> 'ship' THEN 'in_vault'
    WHEN EXISTS (SELECT 1 FROM "orders" o
                 WHERE (o."chip_id" = "chips"."id" OR o."id" = "chips"."source_order_id")
                   AND o."shipped_at" IS NOT NULL) THEN 'in_transit'
    ELSE 'dispatching' END;
--> statement-breakpoint
UPDATE "chips" SET "status" = 'inactive'
  WHERE "status" = 'active' AND ("price_cents" IS NULL OR "custody" <> 'in_vault');
--> statement-breakpoint
UPDATE "chips" SET "reserved_by_order_id" = NULL, "reserved_until" = NULL
  WHERE "reserved_until" IS NULL OR "reserved_by_order_id" IS NULL;
--> statement-breakpoint
UPDATE "chips" c SET "reserved_for_user_id" = o."buyer_id"
  FROM "orders" o WHERE o."id" = c."reserved_by_order_id";
--> statement-breakpoint
UPDATE "chips" SET "reserved_by_order_id" = NULL, "reserved_until" = NULL
  WHERE "reserved_for_user_id" IS NULL;
--> statement-breakpoint
UPDATE "chips" c SET "reserved_for_user_id" = f."buyer_id", "reserved_until" = f."accepted_until"
  FROM "offers" f
  WHERE f."chip_id" = c."id" AND f."status" = 'accepted' AND f."accepted_until" > now()
    AND (c."reserved_until" IS NULL OR c."reserved_until" <= now());
--> statement-breakpoint
DROP INDEX "chips_market_newest_idx";
--> statement-breakpoint
DROP INDEX "chips_market_price_idx";
--> statement-breakpoint
ALTER TABLE "chips" DROP COLUMN "is_available";
--> statement-breakpoint
ALTER TABLE "chips" DROP COLUMN "is_active";
--> statement-breakpoint
ALTER TABLE "chips" DROP COLUMN "is_for_sale";
--> statement-breakpoint
ALTER TABLE "chips" DROP COLUMN "shipping_option";
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "is_available" boolean GENERATED ALWAYS AS (status = 'active') STORED;
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status <> 'pending') STORED;
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "is_for_sale" boolean GENERATED ALWAYS AS (status = 'active') STORED;
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "shipping_option" text GENERATED ALWAYS AS (case when custody = 'in_vault' then 'store' else 'ship' end) STORED;
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "order_events_type_ck" CHECK ("order_events"."type" in ('placed', 'paid', 'payment_failed', 'cancelled', 'processing', 'completed', 'shipped', 'delivered', 'media_uploaded', 'artchip_created'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_events_actor_idx" ON "order_events" USING btree ("actor_user_id");--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_reserved_for_user_id_users_id_fk" FOREIGN KEY ("reserved_for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chips_reserved_for_user_id_idx" ON "chips" USING btree ("reserved_for_user_id");--> statement-breakpoint
CREATE INDEX "chips_market_newest_idx" ON "chips" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chips"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chips_market_price_idx" ON "chips" USING btree ("price_cents","id") WHERE "chips"."status" = 'active';--> statement-breakpoint
ALTER TABLE "chip_events" ADD CONSTRAINT "chip_events_type_ck" CHECK ("chip_events"."type" in ('minted', 'listed', 'unlisted', 'priced', 'sold', 'transferred', 'shipped', 'delivered', 'verified_tap'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_status_ck" CHECK ("chips"."status" in ('pending', 'active', 'inactive', 'sold'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_custody_ck" CHECK ("chips"."custody" in ('in_vault', 'dispatching', 'in_transit', 'with_owner'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_shape_ck" CHECK ("chips"."shape" in ('round', 'square'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_listed_ck" CHECK ("chips"."status" <> 'active' or ("chips"."price_cents" is not null and "chips"."custody" = 'in_vault'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_hold_ck" CHECK (("chips"."reserved_for_user_id" is null) = ("chips"."reserved_until" is null));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_hold_order_ck" CHECK ("chips"."reserved_by_order_id" is null or "chips"."reserved_until" is not null);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_ck" CHECK ("offers"."status" in ('pending', 'countered', 'accepted', 'declined', 'expired', 'withdrawn', 'completed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_type_ck" CHECK ("orders"."order_type" in ('mint', 'purchase', 'shipping'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('pending', 'processing', 'completed', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_ck" CHECK ("orders"."payment_status" in ('pending', 'processing', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_ck" CHECK ("orders"."payment_method" in ('card', 'paypal', 'artchip'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_provider_ck" CHECK ("orders"."payment_provider" in ('demo', 'stripe', 'paypal', 'solana'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_option_ck" CHECK ("orders"."shipping_option" in ('ship', 'store'));--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "created_at", "actor_user_id")
  SELECT "id", 'placed', "created_at", "buyer_id" FROM "orders";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "created_at")
  SELECT "id", 'paid', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "created_at", "data")
  SELECT "id", 'shipped', "shipped_at", jsonb_build_object('carrier', "carrier", 'trackingNumber', "tracking_number")
  FROM "orders" WHERE "shipped_at" IS NOT NULL;
