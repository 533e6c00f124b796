import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { payoutAccounts, payouts } from './payouts.table.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: Db, userId: number): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** Creates or changes a user's payout account. */
export async function upsertPayoutAccount(
  db: Db,
  userId: number,
  patch: Partial<Omit<typeof payoutAccounts.$inferInsert, 'userId'>>,
): Promise<PayoutAccountRow> {
  const [row] = await db
    .insert(payoutAccounts)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * Removes a user's payout account (where their money goes), e.g. one set while their e-mail was not
 * yet proven (docs/decisions/035). Payouts already recorded keep their own destination.
 */
export async function deletePayoutAccount(db: Db, userId: number): Promise<void> {
  await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}

export async function updatePayout(
  db: Db,
  id: number,
  patch: Partial<typeof payouts.$inferInsert>,
): Promise<typeof payouts.$inferSelect> {
  const [row] = await db.update(payouts).set(patch).where(eq(payouts.id, id)).returning();
  return row!;
}
