-- Issue 11: the append-only ledger replaces ledger_entries. Book what the old tables knew (payments,
-- sale and mint allocations, commissions, payouts) as ledger lines, then drop the old table, then
-- refuse UPDATE and DELETE on the ledger.
INSERT INTO "ledger_lines" ("created_at", "entry_key", "order_id", "chip_id", "account", "kind", "user_id", "amount_cents", "reason")
SELECT coalesce(o."paid_at", o."created_at"),
       'payment:' || o."payment_provider" || ':' || coalesce(
         (SELECT e."event_key" FROM "payment_events" e
           WHERE e."order_id" = o."id" AND e."outcome" = 'completed' ORDER BY e."id" LIMIT 1),
         'order-' || o."id"),
       o."id", o."chip_id", 'buyer', 'payment', o."buyer_id", o."total_cents",
       'Payment for order #' || o."id" || ' (' || o."payment_provider" || ')'
FROM "orders" o WHERE o."payment_status" = 'completed';
--> statement-breakpoint
INSERT INTO "ledger_lines" ("created_at", "entry_key", "order_id", "chip_id", "account", "kind", "user_id", "amount_cents", "reason")
SELECT e."created_at", 'payment:' || e."provider" || ':' || e."event_key", o."id", o."chip_id", 'buyer', 'payment',
       o."buyer_id", (e."payload"->>'amountCents')::int,
       'Payment for order #' || o."id" || ' (' || e."provider" || ')'
FROM "payment_events" e JOIN "orders" o ON o."id" = e."order_id"
WHERE e."outcome" = 'chip_unavailable' AND (e."payload"->>'amountCents') ~ '^[0-9]+$'
UNION ALL
SELECT e."created_at", 'refund_due:' || e."provider" || ':' || e."event_key", o."id", o."chip_id", 'buyer', 'refund_due',
       o."buyer_id", (e."payload"->>'amountCents')::int,
       'Order #' || o."id" || ' was paid after its chip sold elsewhere'
FROM "payment_events" e JOIN "orders" o ON o."id" = e."order_id"
WHERE e."outcome" = 'chip_unavailable' AND (e."payload"->>'amountCents') ~ '^[0-9]+$';
--> statement-breakpoint
INSERT INTO "ledger_lines" ("created_at", "entry_key", "order_id", "chip_id", "account", "kind", "user_id", "amount_cents", "reason")
SELECT l."created_at", 'order:' || o."id" || ':seller_proceeds', o."id", o."chip_id", 'seller', 'seller_proceeds',
       l."user_id", l."amount_cents", 'Proceeds of the sale in order #' || o."id"
FROM "ledger_entries" l JOIN "orders" o ON o."id" = l."order_id"
WHERE l."kind" = 'seller_proceeds' AND o."payment_status" = 'completed'
UNION ALL
SELECT l."created_at", 'order:' || o."id" || ':platform_fee', o."id", o."chip_id", 'platform', 'platform_fee',
       NULL::int, o."total_cents" - o."shipping_cents" - l."amount_cents", 'Platform fee of the sale in order #' || o."id"
FROM "ledger_entries" l JOIN "orders" o ON o."id" = l."order_id"
WHERE l."kind" = 'seller_proceeds' AND o."payment_status" = 'completed'
UNION ALL
SELECT l."created_at", 'order:' || o."id" || ':direct_payment', o."id", o."chip_id", 'seller', 'direct_payment',
       l."user_id", -o."total_cents", 'Order #' || o."id" || ' was paid to the seller''s own PayPal account'
FROM "ledger_entries" l JOIN "orders" o ON o."id" = l."order_id"
WHERE l."kind" = 'seller_proceeds' AND o."payment_status" = 'completed' AND l."status" = 'paid' AND l."payout_id" IS NULL;
--> statement-breakpoint
INSERT INTO "ledger_lines" ("created_at", "entry_key", "order_id", "chip_id", "account", "kind", "user_id", "amount_cents", "reason")
SELECT coalesce(o."paid_at", o."created_at"), 'order:' || o."id" || ':mint_fee', o."id", NULL::int, 'platform', 'mint_fee',
       NULL::int, o."total_cents" - o."shipping_cents", 'Mint fee of order #' || o."id"
FROM "orders" o WHERE o."order_type" = 'mint' AND o."payment_status" = 'completed'
UNION ALL
SELECT coalesce(o."paid_at", o."created_at"), 'order:' || o."id" || ':shipping', o."id", o."chip_id", 'shipping', 'shipping',
       NULL::int, CASE WHEN o."order_type" = 'shipping' THEN o."total_cents" ELSE o."shipping_cents" END,
       'Shipping paid with order #' || o."id"
FROM "orders" o
WHERE o."payment_status" = 'completed'
  AND (o."order_type" = 'shipping' OR (o."shipping_cents" <> 0
       AND (o."order_type" = 'mint' OR EXISTS (SELECT 1 FROM "ledger_entries" l
             WHERE l."order_id" = o."id" AND l."kind" = 'seller_proceeds'))));
--> statement-breakpoint
INSERT INTO "ledger_lines" ("created_at", "entry_key", "order_id", "account", "kind", "user_id", "amount_cents", "reason")
SELECT c."created_at", 'order:' || c."order_id" || ':affiliate_commission:' || c."level", c."order_id", 'affiliate',
       'affiliate_commission', c."affiliate_user_id", c."amount_cents",
       'Level ' || c."level" || ' commission on order #' || c."order_id"
FROM "commissions" c
UNION ALL
SELECT c."created_at", 'order:' || c."order_id" || ':affiliate_commission:' || c."level" || ':platform', c."order_id",
       'platform', 'affiliate_commission', NULL::int, -c."amount_cents",
       'Level ' || c."level" || ' commission on order #' || c."order_id"
FROM "commissions" c;
--> statement-breakpoint
INSERT INTO "ledger_lines" ("created_at", "entry_key", "payout_id", "account", "kind", "user_id", "amount_cents", "reason")
SELECT p."created_at", 'payout:' || p."id", p."id", p."kind", 'payout', p."user_id", -p."amount_cents",
       'Payout #' || p."id" || coalesce(' (' || p."tx_reference" || ')', '')
FROM "payouts" p;
--> statement-breakpoint
DROP TABLE "ledger_entries" CASCADE;
--> statement-breakpoint
CREATE FUNCTION "ledger_lines_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_lines is append-only: book a correcting line instead';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_update" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_lines_append_only"();
