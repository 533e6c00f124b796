import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/users/users.table.ts';
import { commissions } from './affiliates.table.ts';

export type CommissionRow = typeof commissions.$inferSelect;

/** Books a commission once per (order, level); returns whether this call booked it. */
export async function insertCommissionOnce(
  tx: Db,
  values: typeof commissions.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(commissions)
    .values(values)
    .onConflictDoNothing({ target: [commissions.orderId, commissions.level] })
    .returning({ id: commissions.id });
  return rows.length > 0;
}

const affiliate = alias(users, 'commission_affiliate');
const source = alias(users, 'commission_source');

/** Commissions with the usernames of the affiliate and the referred user, newest first. */
export async function listCommissionRows(db: Db, affiliateUserId?: number, limit = 500) {
  return db
    .select({
      commission: commissions,
      affiliateUsername: affiliate.username,
      sourceUsername: source.username,
    })
    .from(commissions)
    .innerJoin(affiliate, eq(affiliate.id, commissions.affiliateUserId))
    .innerJoin(source, eq(source.id, commissions.sourceUserId))
    .where(affiliateUserId === undefined ? undefined : eq(commissions.affiliateUserId, affiliateUserId))
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(limit);
}

/** Pending, paid and total commission cents of one affiliate. */
export async function sumCommissions(db: Db, affiliateUserId: number) {
  const [row] = await db
    .select({
      pendingCents: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'pending'), 0)::int`,
      paidCents: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'paid'), 0)::int`,
    })
    .from(commissions)
    .where(eq(commissions.affiliateUserId, affiliateUserId));
  return row ?? { pendingCents: 0, paidCents: 0 };
}

export async function countReferrals(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, userId));
  return row?.n ?? 0;
}

/** One row per user who referred someone or earned a commission (spec §3 affiliate stats). */
export async function listAffiliateStatRows(db: Db) {
  const referrals = db
    .select({ userId: users.referredBy, n: sql<number>`count(*)::int`.as('referral_count') })
    .from(users)
    .where(sql`${users.referredBy} is not null`)
    .groupBy(users.referredBy)
    .as('referrals');
  const earned = db
    .select({
      userId: commissions.affiliateUserId,
      pending:
        sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'pending'), 0)::int`.as(
          'pending',
        ),
      paid: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'paid'), 0)::int`.as(
        'paid',
      ),
      count: sql<number>`count(*)::int`.as('commission_count'),
    })
    .from(commissions)
    .groupBy(commissions.affiliateUserId)
    .as('earned');
  return db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      affiliateCode: users.affiliateCode,
      referralCount: sql<number>`coalesce(${referrals.n}, 0)::int`,
      pendingCents: sql<number>`coalesce(${earned.pending}, 0)::int`,
      paidCents: sql<number>`coalesce(${earned.paid}, 0)::int`,
      commissionCount: sql<number>`coalesce(${earned.count}, 0)::int`,
    })
    .from(users)
    .leftJoin(referrals, eq(referrals.userId, users.id))
    .leftJoin(earned, eq(earned.userId, users.id))
    .where(sql`${referrals.n} is not null or ${earned.count} is not null`)
    .orderBy(sql`coalesce(${earned.pending}, 0) + coalesce(${earned.paid}, 0) desc`, users.id);
}

/** Locks an affiliate's pending commissions so one payout takes each exactly once. */
export async function lockPendingCommissions(tx: Db, affiliateUserId: number): Promise<CommissionRow[]> {
  return tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.affiliateUserId, affiliateUserId), eq(commissions.status, 'pending')))
    .for('update');
}

export async function markCommissionsPaid(tx: Db, ids: number[], payoutId: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(commissions)
    .set({ status: 'paid', payoutId })
    .where(and(inArray(commissions.id, ids), eq(commissions.status, 'pending')));
}

/** Commissions booked and not yet paid out, in cents (the Overview's pending payouts). */
export async function sumPendingCommissions(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${commissions.amountCents}), 0)::bigint` })
    .from(commissions)
    .where(eq(commissions.status, 'pending'));
  return Number(row?.n ?? 0);
}

/** A refunded order's commissions not paid out yet are void (status reversed); paid ones stay paid. */
export async function reverseOrderCommissions(tx: Db, orderId: number): Promise<number> {
  const rows = await tx
    .update(commissions)
    .set({ status: 'reversed' })
    .where(and(eq(commissions.orderId, orderId), eq(commissions.status, 'pending')))
    .returning({ id: commissions.id });
  return rows.length;
}
