import { and, desc, eq, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { likePattern } from '#server/lib/sql.ts';
import { emailSubscriptions } from './subscriptions.table.ts';

export type SubscriptionFilter = { status?: string | undefined; search?: string | undefined };

function filterConditions(filter: SubscriptionFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(emailSubscriptions.status, filter.status));
  if (filter.search) conditions.push(ilike(emailSubscriptions.email, likePattern(filter.search)));
  return conditions;
}

const columns = {
  id: emailSubscriptions.id,
  email: emailSubscriptions.email,
  status: emailSubscriptions.status,
  createdAt: emailSubscriptions.createdAt,
  confirmedAt: emailSubscriptions.confirmedAt,
  unsubscribedAt: emailSubscriptions.unsubscribedAt,
};

/** Newest first; keyset on id (email_subscriptions_status_idx covers the status filter). */
export function listSubscriptions(
  db: Db,
  args: SubscriptionFilter & { beforeId?: number | undefined; limit: number },
) {
  const conditions = filterConditions(args);
  if (args.beforeId !== undefined) conditions.push(lt(emailSubscriptions.id, args.beforeId));
  return db
    .select(columns)
    .from(emailSubscriptions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(emailSubscriptions.id))
    .limit(args.limit);
}

export async function findSubscriptionForUpdate(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.id, id))
    .for('update');
  return row ?? null;
}

export async function findSubscriptionByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: emailSubscriptions.id })
    .from(emailSubscriptions)
    .where(sql`lower(${emailSubscriptions.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function updateSubscription(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof emailSubscriptions.$inferInsert, 'email' | 'status' | 'confirmedAt' | 'unsubscribedAt'>
  >,
) {
  const [row] = await db
    .update(emailSubscriptions)
    .set(values)
    .where(eq(emailSubscriptions.id, id))
    .returning(columns);
  return row!;
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(emailSubscriptions).where(eq(emailSubscriptions.id, id));
}
