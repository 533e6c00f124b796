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
