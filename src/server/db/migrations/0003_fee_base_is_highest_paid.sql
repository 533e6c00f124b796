-- Issue 11: the platform fee's base is the highest price a chip was actually paid for, never a
-- listed price (PRODUCT.md). Recompute it from the paid purchases; a chip never sold has 0.
UPDATE "chips" SET "highest_price_cents" = coalesce((
  SELECT max(o."base_price_cents") FROM "orders" o
  WHERE o."chip_id" = "chips"."id" AND o."order_type" = 'purchase' AND o."payment_status" = 'completed'
), 0);
