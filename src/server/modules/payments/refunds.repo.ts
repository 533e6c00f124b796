/** Refunds: one per captured payment; only refunds.service changes them. */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { refunds } from './payments.table.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** Records a refund of one payment; null when that payment already has one. */
export async function insertRefundOnce(
  tx: Db,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow | null> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: [refunds.orderId, refunds.paymentKey] })
    .returning();
  return row ?? null;
}

export async function findRefund(db: Db, id: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row ?? null;
}

export async function lockRefund(tx: Db, id: number): Promise<RefundRow | null> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function listRefundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.id));
}

/**
 * Claims a refund for one provider call: requested or failed → processing (or a processing one left
 * behind since `staleBefore`, by a crash). Only one caller wins; the others get null.
 */
export async function claimRefund(
  tx: Db,
  id: number,
  now: Date,
  staleBefore: Date,
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'processing', attempts: sql`${refunds.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(refunds.id, id),
        or(
          inArray(refunds.status, ['requested', 'failed']),
          and(eq(refunds.status, 'processing'), lt(refunds.updatedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateRefund(
  tx: Db,
  id: number,
  patch: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow> {
  const [row] = await tx.update(refunds).set(patch).where(eq(refunds.id, id)).returning();
  return row!;
}

/**
 * A provider call that failed: processing → failed, only while still processing (decision 076: a
 * provider's webhook may have settled it meanwhile, e.g. a refund made in Stripe's dashboard at the
 * same moment). Answers the row as it stands.
 */
export async function failProcessingRefund(
  tx: Db,
  id: number,
  patch: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow> {
  const [row] = await tx
    .update(refunds)
    .set(patch)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'processing')))
    .returning();
  return row ?? (await findRefund(tx, id))!;
}

/** Refunds the job should (re)try: requested, failed with attempts left, or stuck processing. */
export async function listRefundsToRetry(
  db: Db,
  staleBefore: Date,
  maxAttempts: number,
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        lt(refunds.attempts, maxAttempts),
        or(
          eq(refunds.status, 'requested'),
          and(eq(refunds.status, 'failed'), lt(refunds.updatedAt, staleBefore)),
          and(eq(refunds.status, 'processing'), lt(refunds.updatedAt, staleBefore)),
        ),
      ),
    )
    .orderBy(refunds.id)
    .limit(50);
}

/** Per order: what was refunded (succeeded or recorded by hand), for reconciliation. */
export async function listRefundedTotals(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderId: refunds.orderId, cents: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(eq(refunds.status, 'succeeded'))
    .groupBy(refunds.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.cents)]));
}
