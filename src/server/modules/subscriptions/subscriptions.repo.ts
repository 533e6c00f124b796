import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailSubscriptions } from './subscriptions.table.ts';

export type SubscriptionRow = typeof emailSubscriptions.$inferSelect;

/** The address's row (case-insensitive), locked for the rest of the transaction. */
export async function lockSubscriptionByEmail(tx: Db, email: string): Promise<SubscriptionRow | null> {
  const rows = await tx
    .select()
    .from(emailSubscriptions)
    .where(sql`lower(${emailSubscriptions.email}) = lower(${email})`)
    .for('update');
  return rows[0] ?? null;
}

/** Inserts a new address; null when another request inserted it first. */
export async function insertSubscription(
  tx: Db,
  row: { email: string; confirmTokenHash: string; unsubscribeToken: string },
): Promise<SubscriptionRow | null> {
  const rows = await tx
    .insert(emailSubscriptions)
    .values({ ...row, status: 'not_confirmed' })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function lockSubscriptionByConfirmHash(tx: Db, hash: string): Promise<SubscriptionRow | null> {
  const rows = await tx
    .select()
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.confirmTokenHash, hash))
    .for('update');
  return rows[0] ?? null;
}

export async function lockSubscriptionByUnsubscribeToken(
  tx: Db,
  token: string,
): Promise<SubscriptionRow | null> {
  const rows = await tx
    .select()
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.unsubscribeToken, token))
    .for('update');
  return rows[0] ?? null;
}

export async function updateSubscription(
  tx: Db,
  id: number,
  patch: Partial<Pick<SubscriptionRow, 'status' | 'confirmTokenHash' | 'confirmedAt' | 'unsubscribedAt'>>,
): Promise<SubscriptionRow> {
  const rows = await tx
    .update(emailSubscriptions)
    .set(patch)
    .where(eq(emailSubscriptions.id, id))
    .returning();
  return rows[0]!;
}
