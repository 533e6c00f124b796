import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery } from '#shared/admin.schemas.ts';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '#server/db/client.ts';
import { chips, type ChipRow } from '#server/features/chips/index.ts';
import { users } from '#server/features/users/users.table.ts';
import { orderEvents, orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/**
 * An order with what its DTO shows of the chip (the bought one, or the one made from the mint), the
 * chip's state (whether Pay now can hold it) and whether the order was replaced by a newer one.
 */
export type OrderWithChip = {
  order: OrderRow;
  chip: ChipRow | null;
  chipTitle: string | null;
  chipSlug: string | null;
  chipImageUrl: string | null;
  creatorUsername: string | null;
  isReplaced: boolean;
};

const creator = alias(users, 'order_chip_creator');

/**
 * Whether the order's timeline says a newer order of its own buyer replaced it: Pay now
 * (order-lifecycle replaceUnpaidOrder), or the buyer's new checkout of the same chip. Another buyer's
 * checkout ending a lapsed hold replaces nothing of this buyer's.
 */
function isReplacedSql(order: { id: SQL | typeof orders.id; buyerId: SQL | typeof orders.buyerId }) {
  return sql<boolean>`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${order.id}
    and ${orderEvents.type} = 'cancelled'
    and (${orderEvents.data}->>'reason' = 'replaced_by_retry'
      or (${orderEvents.data}->>'reason' = 'replaced_by_new_checkout'
        and ${orderEvents.actorUserId} = ${order.buyerId})))`;
}

/** Whether a newer order of its buyer replaced this one (Pay now, or a new checkout of the chip). */
export async function isOrderReplaced(db: Db, order: Pick<OrderRow, 'id' | 'buyerId'>): Promise<boolean> {
  const replaced = isReplacedSql({ id: sql`${order.id}`, buyerId: sql`${order.buyerId}` });
  const [row] = rowsOf<{ replaced: boolean }>(await db.execute(sql`select ${replaced} as replaced`));
  return row?.replaced === true;
}

function selectOrdersWithChip(db: Db) {
  // orders.chip_id is the bought chip, or for a mint the chip made from it (set by create-artchip).
  return db
    .select({
      order: orders,
      chip: chips,
      chipTitle: chips.title,
      chipSlug: chips.slug,
      chipImageUrl: chips.imageUrl,
      creatorUsername: creator.username,
      isReplaced: isReplacedSql(orders),
    })
    .from(orders)
    .leftJoin(chips, eq(chips.id, orders.chipId))
    .leftJoin(creator, eq(creator.id, chips.creatorId));
}

export async function insertOrder(tx: Db, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderEvent(tx: Db, values: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(values);
}

const actor = alias(users, 'order_event_actor');

/** The order's timeline in the order things happened (insertion order), with the actor's username. */
export async function listOrderEvents(db: Db, orderId: number) {
  return db
    .select({ event: orderEvents, actorUsername: actor.username })
    .from(orderEvents)
    .leftJoin(actor, eq(actor.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/**
 * Locks an order row for the rest of the transaction. FOR NO KEY UPDATE (we never change an order's
 * id) so it does not wait for the KEY SHARE locks that inserting a referencing row (a payment event,
 * a ledger entry) takes; FOR UPDATE would deadlock two payment signals for the same order.
 */
export async function lockOrder(tx: Db, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update').limit(1);
  return row ?? null;
}

export async function updateOrder(tx: Db, id: number, values: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

/** Sets a value only while it is still null; returns whether this call set it (one-time hand-outs). */
export async function claimSetPasswordHandOut(tx: Db, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ setPasswordHandedOutAt: now })
    .where(and(eq(orders.id, id), sql`${orders.setPasswordHandedOutAt} is null`))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function findOrderWithChip(db: Db, id: number): Promise<OrderWithChip | null> {
  const [row] = await selectOrdersWithChip(db).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The buyer's orders, newest first. */
export async function listOrdersOfBuyer(db: Db, buyerId: number, limit = 200): Promise<OrderWithChip[]> {
  return selectOrdersWithChip(db)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Paid mint orders of a creator whose chip is not made yet ('Pending Creation'). */
export async function listPaidMintsAwaitingChip(db: Db, buyerId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.buyerId, buyerId),
        eq(orders.orderType, 'mint'),
        eq(orders.paymentStatus, 'completed'),
        isNull(orders.chipId),
      ),
    )
    .orderBy(desc(orders.createdAt));
}

const adminBuyer = alias(users, 'admin_order_buyer');

/** Orders for the admin, newest first, keyset on id, with the buyer's names and the order's chip. */
export async function listOrdersForAdmin(db: Db, query: OrderListQuery & { limit: number }) {
  const conditions: SQL[] = [];
  if (query.type !== 'all') conditions.push(eq(orders.orderType, query.type));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.cursor !== undefined) conditions.push(lt(orders.id, query.cursor));
  return db
    .select({ order: orders, chip: chips, username: adminBuyer.username, email: adminBuyer.email })
    .from(orders)
    .innerJoin(adminBuyer, eq(adminBuyer.id, orders.buyerId))
    .leftJoin(chips, eq(chips.id, orders.chipId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(orders.id))
    .limit(query.limit);
}

/** The Overview's order figures: paid surprize mints still to make, revenue, and orders by status. */
export async function readOrderTotals(
  db: Db,
): Promise<{ activeSurprize: number; revenueCents: number; byStatus: Record<string, number> }> {
  const [totals] = rowsOf<{ active_surprize: number; revenue: number }>(
    await db.execute(sql`select
      (select count(*)::int from ${orders} where ${orders.orderType} = 'mint' and ${orders.isSurprize}
         and ${orders.paymentStatus} = 'completed' and ${orders.status} in ('pending', 'processing')) as active_surprize,
      (select coalesce(sum(${orders.totalCents}), 0)::bigint from ${orders}
         where ${orders.paymentStatus} = 'completed') as revenue`),
  );
  const byStatus = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select ${orders.status} as status, count(*)::int as n from ${orders} group by 1`),
  );
  return {
    activeSurprize: Number(totals?.active_surprize ?? 0),
    revenueCents: Number(totals?.revenue ?? 0),
    byStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
  };
}

/** The order a provider's reference (PaymentIntent id, PayPal order id, Solana Pay reference) belongs to. */
export async function findOrderByProviderRef(
  db: Db,
  provider: OrderRow['paymentProvider'],
  providerRef: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider), eq(orders.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/** A creation-time window: orders created after `createdAfter` (and before `createdBefore`, if given). */
export type PendingWindow = {
  createdAfter: Date;
  createdBefore?: Date;
  provider?: OrderRow['paymentProvider'];
  limit?: number;
};

/**
 * Unpaid orders with a provider reference created inside the window, oldest first. Cancelled ones
 * are included: a lapsed hold cancels the order, yet its payment may still have gone through and
 * must be settled (completeOrderPayment then hands the chip over or flags a refund).
 */
export async function listUnpaidOrdersInWindow(db: Db, window: PendingWindow): Promise<OrderRow[]> {
  const conditions: SQL[] = [
    inArray(orders.paymentStatus, ['pending', 'processing']),
    inArray(orders.status, ['pending', 'cancelled']),
    isNotNull(orders.providerRef),
    gt(orders.createdAt, window.createdAfter),
  ];
  if (window.createdBefore) conditions.push(lt(orders.createdAt, window.createdBefore));
  if (window.provider) conditions.push(eq(orders.paymentProvider, window.provider));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(orders.createdAt)
    .limit(window.limit ?? 200);
}
