import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { OPEN_CASE_STATUSES, type CaseStatus } from '#shared/cases.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buyerCases } from './cases.table.ts';

export type CaseRow = typeof buyerCases.$inferSelect;
export type NewCaseRow = typeof buyerCases.$inferInsert;

export async function insertCase(tx: Db, values: NewCaseRow): Promise<CaseRow> {
  const [row] = await tx.insert(buyerCases).values(values).returning();
  return row!;
}

export async function findCase(db: Db, id: number): Promise<CaseRow | null> {
  const [row] = await db.select().from(buyerCases).where(eq(buyerCases.id, id)).limit(1);
  return row ?? null;
}

export async function lockCase(tx: Db, id: number): Promise<CaseRow | null> {
  const [row] = await tx.select().from(buyerCases).where(eq(buyerCases.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function lockCaseOfRefund(tx: Db, refundId: number): Promise<CaseRow | null> {
  const [row] = await tx
    .select()
    .from(buyerCases)
    .where(eq(buyerCases.refundId, refundId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Moves a case only if it is still in one of `from` (a conditional update): two admins deciding at
 * once both lock the row, and the second finds it moved and gets null.
 */
export async function moveCase(
  tx: Db,
  id: number,
  from: readonly CaseStatus[],
  values: Partial<NewCaseRow>,
): Promise<CaseRow | null> {
  const [row] = await tx
    .update(buyerCases)
    .set(values)
    .where(and(eq(buyerCases.id, id), inArray(buyerCases.status, [...from])))
    .returning();
  return row ?? null;
}

export async function listCasesOfOrder(db: Db, orderId: number): Promise<CaseRow[]> {
  return db.select().from(buyerCases).where(eq(buyerCases.orderId, orderId)).orderBy(desc(buyerCases.id));
}

/** Whether an order has an open case, and whether any of its cases gave money back. */
export async function readOrderCaseState(db: Db, orderId: number) {
  const rows = await db
    .select({ status: buyerCases.status, outcome: buyerCases.outcome })
    .from(buyerCases)
    .where(eq(buyerCases.orderId, orderId));
  return {
    hasOpen: rows.some((r) => (OPEN_CASE_STATUSES as readonly string[]).includes(r.status)),
    wasRefunded: rows.some((r) => r.outcome === 'refund' || r.outcome === 'partial_refund'),
  };
}

export async function listCasesOfUser(db: Db, userId: number): Promise<CaseRow[]> {
  return db
    .select()
    .from(buyerCases)
    .where(or(eq(buyerCases.buyerId, userId), eq(buyerCases.sellerId, userId)))
    .orderBy(desc(buyerCases.id));
}

/** The admin queue: cases with their people, chip and order total; open ones oldest first. */
export async function listCasesForAdmin(db: Db, filter: 'open' | 'closed' | 'all', caseId?: number) {
  const where = and(
    caseId !== undefined ? eq(buyerCases.id, caseId) : undefined,
    filter === 'open'
      ? ne(buyerCases.status, 'closed')
      : filter === 'closed'
        ? eq(buyerCases.status, 'closed')
        : undefined,
  );
  const rows = await db
    .select({
      row: buyerCases,
      chipTitle: chips.title,
      orderTotalCents: orders.totalCents,
      buyerUsername: sql<
        string | null
      >`(select u.username from ${users} u where u.id = ${buyerCases.buyerId})`,
      sellerUsername: sql<
        string | null
      >`(select u.username from ${users} u where u.id = ${buyerCases.sellerId})`,
    })
    .from(buyerCases)
    .innerJoin(orders, eq(orders.id, buyerCases.orderId))
    .leftJoin(chips, eq(chips.id, orders.chipId))
    .where(where)
    .orderBy(filter === 'open' ? buyerCases.createdAt : desc(buyerCases.createdAt))
    .limit(200);
  return rows;
}

/** The buyer's paid purchases that shipped (the ones a case may be opened on). */
export async function listShippedPurchasesOf(db: Db, buyerId: number) {
  return db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      orderType: orders.orderType,
      shippingOption: orders.shippingOption,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      shippedAt: orders.shippedAt,
      deliveredAt: orders.deliveredAt,
      deliveredBy: orders.deliveredBy,
    })
    .from(orders)
    .where(
      and(
        eq(orders.buyerId, buyerId),
        eq(orders.orderType, 'purchase'),
        eq(orders.shippingOption, 'ship'),
        inArray(orders.status, ['shipped', 'delivered']),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(200);
}
