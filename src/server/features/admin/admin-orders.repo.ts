import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/features/users/users.table.ts';
import { orders } from '#server/features/orders/orders.table.ts';
import type { OrderListQuery } from '#shared/admin.schemas.ts';

/** Orders for the admin, newest first, keyset on id; the chip made from a mint order joined in. */
export function listOrders(db: Db, query: OrderListQuery & { limit: number }) {
  const conditions: SQL[] = [];
  if (query.type !== 'all') conditions.push(eq(orders.orderType, query.type));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.cursor !== undefined) conditions.push(lt(orders.id, query.cursor));
  // A mint order's chip points back at it (sourceOrderId); a purchase names its chip directly.
  const madeChipId = sql<number | null>`coalesce("orders"."chip_id",
    (select c.id from chips c where c.source_order_id = "orders"."id" order by c.id limit 1))`;
  return db
    .select({
      id: orders.id,
      orderType: orders.orderType,
      mintTitle: orders.mintTitle,
      mintDescription: orders.mintDescription,
      mintAssociatedUrl: orders.mintAssociatedUrl,
      originalImageUrl: orders.originalImageUrl,
      adminMedia: orders.adminMedia,
      buyerId: orders.buyerId,
      username: users.username,
      email: users.email,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      isSurprize: orders.isSurprize,
      artchipId: madeChipId,
      shippingAddress: orders.shippingAddress,
      totalCents: orders.totalCents,
      shippingOption: orders.shippingOption,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(orders.id))
    .limit(query.limit);
}
