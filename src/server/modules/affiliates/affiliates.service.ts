import type { ServiceContext } from '#server/lib/service-context.ts';
import { basisPointsToPercentString } from '#shared/money.ts';
import { computeAffiliateCommissions } from '#shared/pricing.ts';
import type {
  AdminAffiliateSummary,
  AffiliateStats,
  AffiliateSummary,
  Commission,
  Payout,
} from '#shared/affiliates.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { findAccountById, lockAccount } from '#server/modules/users/index.ts';
import { bookPayout, listHeldOrderIds, readAccountTotals } from '#server/modules/ledger/index.ts';
import {
  countReferrals,
  insertCommissionOnce,
  listAffiliateStatRows,
  listCommissionRows,
  lockPendingCommissions,
  markCommissionsPaid,
  sumCommissions,
} from './affiliates.repo.ts';
import { insertPayout, sumPayouts } from '#server/modules/payouts/index.ts';

type CommissionWithNames = Awaited<ReturnType<typeof listCommissionRows>>[number];

function toCommission(row: CommissionWithNames): Commission {
  const c = row.commission;
  return {
    id: c.id,
    orderId: c.orderId,
    affiliateUserId: c.affiliateUserId,
    affiliateUsername: row.affiliateUsername,
    sourceUserId: c.sourceUserId,
    sourceUsername: row.sourceUsername,
    commissionLevel: c.level,
    baseAmountCents: c.baseAmountCents,
    commissionRate: basisPointsToPercentString(c.rateBasisPoints),
    commissionAmountCents: c.amountCents,
    status: c.status === 'paid' ? 'paid' : 'pending',
    payoutId: c.payoutId,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * Books the level 1 and 2 commissions of a paid mint, inside the payment's transaction: level 1 to
 * the minter's referrer, level 2 to that referrer's referrer; never to the minter, at most once per
 * (order, level).
 */
export async function bookMintCommissions(
  tx: Db,
  args: { orderId: number; buyerId: number; mintFeeCents: number },
): Promise<{ affiliateUserId: number; level: number; amountCents: number }[]> {
  const buyer = await findAccountById(tx, args.buyerId);
  const [level1, level2] = computeAffiliateCommissions(args.mintFeeCents);
  const chain: number[] = [];
  let referrerId = buyer?.referredBy ?? null;
  for (let depth = 0; depth < 2 && referrerId !== null; depth++) {
    if (referrerId === args.buyerId || chain.includes(referrerId)) break;
    chain.push(referrerId);
    referrerId = (await findAccountById(tx, referrerId))?.referredBy ?? null;
  }
  const booked: { affiliateUserId: number; level: number; amountCents: number }[] = [];
  for (const [index, affiliateUserId] of chain.entries()) {
    const level = index === 0 ? level1 : level2;
    if (level.amountCents === 0) continue;
    const inserted = await insertCommissionOnce(tx, {
      orderId: args.orderId,
      affiliateUserId,
      sourceUserId: args.buyerId,
      level: level.level,
      baseAmountCents: args.mintFeeCents,
      rateBasisPoints: level.basisPoints,
      amountCents: level.amountCents,
      status: 'pending',
    });
    if (inserted) booked.push({ affiliateUserId, level: level.level, amountCents: level.amountCents });
  }
  return booked;
}

/** GET /api/affiliates/me: the user's code, link, referrals and commissions. */
export async function getMyAffiliateSummary(ctx: ServiceContext, userId: number): Promise<AffiliateSummary> {
  const user = await findAccountById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const [sums, referralCount, rows] = await Promise.all([
    sumCommissions(ctx.db, userId),
    countReferrals(ctx.db, userId),
    listCommissionRows(ctx.db, userId),
  ]);
  return {
    affiliateCode: user.affiliateCode,
    link: `${ctx.config.publicUrl}/?ref=${encodeURIComponent(user.affiliateCode)}`,
    referralCount,
    pendingCents: sums.pendingCents,
    paidCents: sums.paidCents,
    totalCents: sums.pendingCents + sums.paidCents,
    commissions: rows.map(toCommission),
  };
}

/** Every affiliate (anyone who referred someone or earned a commission), biggest earners first. */
export async function listAffiliateStats(db: Db): Promise<AffiliateStats[]> {
  const rows = await listAffiliateStatRows(db);
  return rows.map((r) => ({
    userId: r.userId,
    username: r.username,
    email: r.email,
    affiliateCode: r.affiliateCode,
    referralCount: r.referralCount,
    pendingCommissionsCents: r.pendingCents,
    paidCommissionsCents: r.paidCents,
    totalCommissionsCents: r.pendingCents + r.paidCents,
    commissionCount: r.commissionCount,
  }));
}

/** Commissions, newest first; only one affiliate's when affiliateUserId is given. */
export async function listCommissions(db: Db, affiliateUserId?: number): Promise<Commission[]> {
  return (await listCommissionRows(db, affiliateUserId)).map(toCommission);
}

/** The admin's affiliate summary: totals across all affiliates, and the commissions. */
export async function getAdminAffiliateSummary(db: Db): Promise<AdminAffiliateSummary> {
  const [stats, totalPayoutsCents, commissions] = await Promise.all([
    listAffiliateStats(db),
    sumPayouts(db, 'affiliate'),
    listCommissions(db),
  ]);
  return {
    totalCommissionsCents: stats.reduce((sum, s) => sum + s.totalCommissionsCents, 0),
    totalPayoutsCents,
    activeAffiliates: stats.filter((s) => s.commissionCount > 0).length,
    commissions,
  };
}

/**
 * Pays an affiliate out: marks ALL their pending commissions paid and records one payout row, in one
 * transaction (audited). Concurrent payouts take each commission once; nothing pending is UNPROCESSABLE.
 */
export async function payOutAffiliate(
  db: Db,
  args: { userId: number; adminId: number; txReference?: string | undefined },
): Promise<Payout> {
  return db.transaction(async (tx) => {
    // The affiliate's row first: two payouts of one balance queue here, the second finds nothing.
    const affiliate = await lockAccount(tx, args.userId);
    if (!affiliate) throw new AppError('NOT_FOUND', 'Affiliate not found');
    // Commissions of an order whose money is held (a dispute of it is open: decision 076) wait.
    const held = await listHeldOrderIds(tx);
    const pending = (await lockPendingCommissions(tx, args.userId)).filter((c) => !held.has(c.orderId));
    if (pending.length === 0)
      throw new AppError('UNPROCESSABLE', 'This affiliate has no pending commissions');
    // Never more than the ledger balance: a refunded order's commission already paid out is taken
    // back from what is paid next.
    const totals = await readAccountTotals(tx, args.userId, 'affiliate');
    const amountCents = Math.min(
      pending.reduce((sum, c) => sum + c.amountCents, 0),
      totals.earnedCents - totals.paidOutCents,
    );
    if (amountCents <= 0) throw new AppError('UNPROCESSABLE', 'This affiliate has no pending commissions');
    const payout = await insertPayout(tx, {
      kind: 'affiliate',
      userId: args.userId,
      amountCents,
      txReference: args.txReference || null,
      adminId: args.adminId,
    });
    await markCommissionsPaid(
      tx,
      pending.map((c) => c.id),
      payout.id,
    );
    await bookPayout(tx, {
      payoutId: payout.id,
      userId: args.userId,
      account: 'affiliate',
      amountCents,
      reference: payout.txReference,
    });
    await recordAudit(tx, {
      adminId: args.adminId,
      action: 'affiliate.payout',
      entity: 'user',
      entityId: args.userId,
      before: { pendingCommissionIds: pending.map((c) => c.id) },
      after: { payoutId: payout.id, amountCents },
    });
    return {
      id: payout.id,
      userId: payout.userId,
      amountCents: payout.amountCents,
      commissionCount: pending.length,
      txReference: payout.txReference,
      adminId: payout.adminId,
      createdAt: payout.createdAt.toISOString(),
    };
  });
}
