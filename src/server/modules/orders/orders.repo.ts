import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery } from '#shared/admin.schemas.ts';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '#server/db/client.ts';
import { chipPictureUrl, chips, type ChipRow } from '#server/modules/chips/index.ts';
import { users } from '#server/modules/users/users.table.ts';
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
      chipImageUrl: chipPictureUrl,
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

/** Locks the mint order that made `chipId` (its newest, if several ever named it), or null. */
export async function lockMintOrderOfChip(tx: Db, chipId: number): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderType, 'mint'), eq(orders.chipId, chipId)))
    .orderBy(desc(orders.id))
    .for('no key update')
    .limit(1);
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

/**
 * Joins a guest checkout's order to its buyer's existing account when the token of the confirmation
 * e-mail matches; once only. Returns the order, or null when the token is wrong or already used.
 */
export async function confirmOrderBuyer(tx: Db, id: number, tokenHash: string): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ buyerConfirmation: 'confirmed', buyerConfirmTokenHash: null })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.buyerConfirmation, 'pending'),
        eq(orders.buyerConfirmTokenHash, tokenHash),
      ),
    )
    .returning();
  return row ?? null;
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
/** An order of the buyer's account: not a guest checkout still waiting for the account owner to confirm it. */
const JOINED_ACCOUNT = sql`${orders.buyerConfirmation} <> 'pending'`;

export async function listOrdersOfBuyer(db: Db, buyerId: number, limit = 200): Promise<OrderWithChip[]> {
  return selectOrdersWithChip(db)
    .where(and(eq(orders.buyerId, buyerId), JOINED_ACCOUNT))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * The buyer's mints and purchases placed since `placedAfter` that are not paid (waiting, failed or
 * lapsed), with what Pay now needs to decide (order-lifecycle canPayAgain), newest first.
 */
export async function listUnpaidOrdersOfBuyer(
  db: Db,
  buyerId: number,
  placedAfter: Date,
  limit = 50,
): Promise<OrderWithChip[]> {
  return selectOrdersWithChip(db)
    .where(
      and(
        eq(orders.buyerId, buyerId),
        JOINED_ACCOUNT,
        inArray(orders.orderType, ['mint', 'purchase']),
        inArray(orders.paymentStatus, ['pending', 'failed']),
        gt(orders.createdAt, placedAfter),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * How many chips are held right now by unpaid purchase checkouts of this buyer, and of this client
 * (null: not counted), other than `exceptChipId` (a new checkout of the same chip replaces the
 * buyer's own). Checkouts of accepted offers do not count: the seller chose that buyer. Call under
 * holdAllowanceLock.
 */
export async function countOpenHolds(
  db: Db,
  args: { buyerId: number; clientKey: string | null; now: Date; exceptChipId: number },
): Promise<{ byBuyer: number; byClient: number }> {
  const since = new Date(args.now.getTime() - 24 * 60 * 60 * 1000);
  const byBuyer = eq(orders.buyerId, args.buyerId);
  const byClient = args.clientKey ? eq(orders.clientKey, args.clientKey) : sql`false`;
  const [row] = await db
    .select({
      byBuyer: sql<number>`(count(*) filter (where ${byBuyer}))::int`,
      byClient: sql<number>`(count(*) filter (where ${byClient}))::int`,
    })
    .from(orders)
    .innerJoin(chips, and(eq(chips.id, orders.chipId), eq(chips.reservedByOrderId, orders.id)))
    .where(
      and(
        or(byBuyer, byClient),
        eq(orders.orderType, 'purchase'),
        isNull(orders.offerId),
        gt(orders.createdAt, since),
        gt(chips.reservedUntil, args.now),
        sql`${chips.id} <> ${args.exceptChipId}`,
      ),
    );
  return { byBuyer: Number(row?.byBuyer ?? 0), byClient: Number(row?.byClient ?? 0) };
}

/**
 * Serialises the hold checks of one buyer and one client until the transaction ends (buyer first,
 * then client: one order for every transaction, so they never deadlock).
 */
export async function holdAllowanceLock(tx: Db, buyerId: number, clientKey: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-buyer:${buyerId}`}))`);
  if (clientKey) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-client:${clientKey}`}))`);
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

/**
 * Orders bought by a demo account (users.is_demo) or of a demo chip (chips.is_demo) are the demo
 * catalogue's, not business.
 */
const BOUGHT_BY_REAL_USER = sql`not exists (select 1 from ${users} where ${users.id} = ${orders.buyerId} and ${users.isDemo})
  and not exists (select 1 from chips dc where dc.id = ${orders.chipId} and dc.is_demo)`;

/**
 * The Overview's order figures: paid surprize mints still to make, and orders by status; the demo
 * catalogue's orders do not count. (Its revenue is the platform's income, which the ledger answers.)
 */
export async function readOrderTotals(
  db: Db,
): Promise<{ activeSurprize: number; byStatus: Record<string, number> }> {
  const [totals] = rowsOf<{ active_surprize: number }>(
    await db.execute(sql`select
      (select count(*)::int from ${orders} where ${orders.orderType} = 'mint' and ${orders.isSurprize}
         and ${orders.paymentStatus} = 'completed' and ${orders.status} in ('pending', 'processing')
         and ${BOUGHT_BY_REAL_USER}) as active_surprize`),
  );
  const byStatus = rowsOf<{ status: string; n: number }>(
    await db.execute(
      sql`select ${orders.status} as status, count(*)::int as n from ${orders} where ${BOUGHT_BY_REAL_USER} group by 1`,
    ),
  );
  return {
    activeSurprize: Number(totals?.active_surprize ?? 0),
    byStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
  };
}

/**
 * A seller's completed sales: how many, and what the chips sold for in cents (the sale price,
 * without shipping, markups or discounts). Refunded sales are not counted. orders_seller_id_idx.
 */
export async function readSellerSales(
  db: Db,
  sellerId: number,
): Promise<{ count: number; volumeCents: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      volume: sql<string>`coalesce(sum(${orders.basePriceCents}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.orderType, 'purchase'),
        eq(orders.paymentStatus, 'completed'),
      ),
    );
  const volumeCents = Number(row?.volume ?? 0);
  if (!Number.isSafeInteger(volumeCents)) throw new RangeError(`Sales volume out of range: ${row?.volume}`);
  return { count: Number(row?.count ?? 0), volumeCents };
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

/**
 * The owner's offline transfers of this chip still waiting for their fee (not hand-overs': those are
 * withdrawn with their hand-over), for a new transfer or hand-over of the chip to replace.
 */
export async function listUnpaidTransferOrderIds(
  db: Db,
  args: { chipId: number; buyerId: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.orderType, 'transfer'),
        eq(orders.chipId, args.chipId),
        eq(orders.buyerId, args.buyerId),
        isNull(orders.handoverId),
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, ['pending', 'processing']),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Transfer and hand-over fee orders placed before `createdBefore` whose payment never started: past
 * the window a payment may still arrive in, they are abandoned. Oldest first.
 */
export async function listAbandonedFeeOrders(
  db: Db,
  createdBefore: Date,
  limit = 200,
): Promise<{ id: number; chipId: number | null }[]> {
  return db
    .select({ id: orders.id, chipId: orders.chipId })
    .from(orders)
    .where(
      and(
        eq(orders.orderType, 'transfer'),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'pending'),
        lt(orders.createdAt, createdBefore),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit);
}

/** The user's shipped orders of a chip (a tap of it may deliver one), newest first. */
export async function listShippedOrdersOfChip(
  db: Db,
  chipId: number,
  buyerId: number,
): Promise<Pick<OrderRow, 'id'>[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.chipId, chipId), eq(orders.buyerId, buyerId), eq(orders.status, 'shipped')))
    .orderBy(desc(orders.id));
}

/** Shipped orders handed to the carrier at or before `shippedBefore`, oldest first (orders_shipped_idx). */
export async function listShippedOrdersShippedBefore(
  db: Db,
  shippedBefore: Date,
  limit: number,
): Promise<Pick<OrderRow, 'id' | 'chipId'>[]> {
  return db
    .select({ id: orders.id, chipId: orders.chipId })
    .from(orders)
    .where(and(eq(orders.status, 'shipped'), lte(orders.shippedAt, shippedBefore)))
    .orderBy(orders.shippedAt)
    .limit(limit);
}

/** The seller's paid sales (refunded ones included), newest first, with the sold chip's title. */
export async function listSalesOfSeller(db: Db, sellerId: number, limit = 200) {
  return db
    .select({ order: orders, chipTitle: chips.title })
    .from(orders)
    .leftJoin(chips, eq(chips.id, orders.chipId))
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.orderType, 'purchase'),
        inArray(orders.paymentStatus, ['completed', 'refunded']),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit);
}
