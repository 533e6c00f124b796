import { and, desc, eq, sql } from 'drizzle-orm';
import type { PayoutKind } from '#shared/payouts.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { payouts } from './payouts.table.ts';

export type PayoutRow = typeof payouts.$inferSelect;

export async function insertPayout(tx: Db, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

/** Everything paid out of one kind, in cents. */
export async function sumPayouts(db: Db, kind: PayoutKind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::int` })
    .from(payouts)
    .where(eq(payouts.kind, kind));
  return row?.n ?? 0;
}

/** A user's payouts of one kind, newest first. */
export async function listPayoutsOf(db: Db, userId: number, kind: PayoutKind, limit = 100) {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.kind, kind)))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

/** Per person and kind: what was paid out (failed payouts, given back, excluded). */
export async function listPaidOutTotals(
  db: Db,
): Promise<{ userId: number; account: PayoutKind; paidCents: number }[]> {
  const rows = await db
    .select({
      userId: payouts.userId,
      account: payouts.kind,
      paidCents: sql<number>`sum(${payouts.amountCents})::bigint`,
    })
    .from(payouts)
    .where(sql`${payouts.status} <> 'failed'`)
    .groupBy(payouts.userId, payouts.kind);
  return rows.map((r) => ({ userId: r.userId, account: r.account, paidCents: Number(r.paidCents) }));
}
