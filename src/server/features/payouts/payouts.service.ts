/**
 * Seller payouts (PRODUCT.md "Fees, proceeds and payouts"): a seller's proceeds become payable when
 * the sale settles (kept in the vault: when paid; shipped: when delivered) plus the payoutHoldDays
 * setting; an admin pays a seller's whole payable balance once, with the transfer's reference.
 * Affiliates are paid by affiliates.service (the spec's affiliate payout), into the same table.
 */
import type { PayableBalance, PayoutDto, SellerBalance, SellerPayoutInput } from '#shared/payouts.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/features/audit/index.ts';
import { listPendingCommissionTotals } from '#server/features/affiliates/index.ts';
import {
  listPayableSellers,
  listSellerProceeds,
  lockPayableProceeds,
  markProceedsPaid,
} from '#server/features/orders/index.ts';
import { getSiteSettings } from '#server/features/settings/index.ts';
import { findAccountById, lockAccount } from '#server/features/users/index.ts';
import { insertPayout, listPayoutsOf, type PayoutRow } from './payouts.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function toPayoutDto(row: PayoutRow): PayoutDto {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    txReference: row.txReference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sales settled at or before this moment are past the hold at `now`. */
async function payableCutoff(ctx: ServiceContext): Promise<{ cutoff: Date; holdDays: number }> {
  const { payoutHoldDays } = await getSiteSettings(ctx);
  return { cutoff: new Date(ctx.clock().getTime() - payoutHoldDays * DAY_MS), holdDays: payoutHoldDays };
}

/** GET /api/my-payouts: the seller's pending, payable and paid proceeds, and their payouts. */
export async function getSellerBalance(ctx: ServiceContext, sellerId: number): Promise<SellerBalance> {
  const { cutoff, holdDays } = await payableCutoff(ctx);
  const [entries, payouts] = await Promise.all([
    listSellerProceeds(ctx.db, sellerId),
    listPayoutsOf(ctx.db, sellerId, 'seller'),
  ]);
  let pendingCents = 0;
  let payableCents = 0;
  let paidCents = 0;
  let nextPayable: number | null = null;
  for (const entry of entries) {
    const settled = entry.settledAt ? new Date(entry.settledAt) : null;
    if (entry.status === 'paid') paidCents += entry.amountCents;
    else if (settled && settled <= cutoff) payableCents += entry.amountCents;
    else {
      pendingCents += entry.amountCents;
      if (settled) {
        const at = settled.getTime() + holdDays * DAY_MS;
        nextPayable = nextPayable === null ? at : Math.min(nextPayable, at);
      }
    }
  }
  return {
    pendingCents,
    payableCents,
    paidCents,
    nextPayableAt: nextPayable === null ? null : new Date(nextPayable).toISOString(),
    holdDays,
    payouts: payouts.map(toPayoutDto),
  };
}

/** GET /api/admin/payouts: every seller and affiliate with money to pay out now. */
export async function listPayableBalances(ctx: ServiceContext): Promise<PayableBalance[]> {
  const { cutoff } = await payableCutoff(ctx);
  const [sellers, affiliates] = await Promise.all([
    listPayableSellers(ctx.db, cutoff),
    listPendingCommissionTotals(ctx.db),
  ]);
  const rows = [
    ...sellers.map((s) => ({ userId: s.userId!, kind: 'seller' as const, payableCents: s.payableCents })),
    ...affiliates.map((a) => ({
      userId: a.userId,
      kind: 'affiliate' as const,
      payableCents: a.pendingCents,
    })),
  ].filter((r) => r.payableCents > 0);
  const balances: PayableBalance[] = [];
  for (const row of rows) {
    const account = await findAccountById(ctx.db, row.userId);
    if (!account) continue;
    balances.push({
      ...row,
      username: account.username,
      email: account.email,
      paypalEmail: account.paypalEmail,
    });
  }
  return balances.sort((a, b) => b.payableCents - a.payableCents || a.userId - b.userId);
}

/**
 * POST /api/admin/payouts/sellers/:userId: pays the seller's whole payable balance once, recorded
 * with its reference (a manual transfer). The seller's row is locked first, so two admins paying the
 * same balance at once pay it once: the second finds nothing payable.
 */
export async function payOutSeller(
  ctx: ServiceContext,
  args: { sellerId: number; adminId: number; input: SellerPayoutInput },
): Promise<PayoutDto> {
  const { cutoff } = await payableCutoff(ctx);
  return ctx.db.transaction(async (tx) => {
    if (!(await lockAccount(tx, args.sellerId))) throw new AppError('NOT_FOUND', 'Seller not found');
    const payable = await lockPayableProceeds(tx, args.sellerId, cutoff);
    const amountCents = payable.reduce((sum, entry) => sum + entry.amountCents, 0);
    if (amountCents <= 0) throw new AppError('UNPROCESSABLE', 'This seller has nothing to pay out yet.');
    const payout = await insertPayout(tx, {
      kind: 'seller',
      userId: args.sellerId,
      amountCents,
      txReference: args.input.txReference || null,
      adminId: args.adminId,
    });
    await markProceedsPaid(
      tx,
      payable.map((entry) => entry.id),
      payout.id,
    );
    await recordAudit(tx, {
      adminId: args.adminId,
      action: 'seller.payout',
      entity: 'user',
      entityId: args.sellerId,
      before: { payableEntryIds: payable.map((entry) => entry.id) },
      after: { payoutId: payout.id, amountCents },
    });
    return toPayoutDto(payout);
  });
}
