/**
 * The ledger's invariants (docs/decisions/011-ledger.md), checked from the raw rows rather than through
 * the code that books them, for the ledger property test: it answers the list of what does not hold,
 * in words, so a failure names the order, the account and the figures.
 */
import { ALLOCATION_KINDS, CASH_KINDS } from '#shared/ledger.schemas.ts';
import { creatorRoyaltyCents, transferRoyaltyCents } from '#shared/pricing.ts';
import { toPricingSettings } from '#shared/settings.schemas.ts';
import type { App } from '#server/app.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { readAccountTotals } from '#server/modules/ledger/index.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { payouts } from '#server/modules/payouts/payouts.table.ts';
import { readReconciliation } from './money.ts';

type Line = typeof ledgerLines.$inferSelect;

const isCash = (l: Line) => (CASH_KINDS as readonly string[]).includes(l.kind);
const isAllocation = (l: Line) => (ALLOCATION_KINDS as readonly string[]).includes(l.kind);
const sum = (lines: readonly Line[]) => lines.reduce((s, l) => s + l.amountCents, 0);

/** What the test knows each sale must pay its seller (splitSale at the time of the sale), by order id. */
export type ExpectedProceeds = ReadonlyMap<number, { sellerId: number; proceedsCents: number }>;

/**
 * Every invariant of the books that fails now, as sentences (empty when the books add up):
 * - the admin reconciliation: per order allocation = cash = captured − refunded; payouts = payout lines;
 * - every refund has gone back (the demo provider refunds at once), so nothing stays owed to a buyer;
 * - an order kept (paid, not cancelled): its money split exactly — shipping booked once and equal to
 *   what the buyer paid for it, the seller's proceeds what the sale promised, the platform the rest,
 *   a mint's commissions in the ledger as in the commissions table; a resale's, a transfer's and a
 *   hand-over's creator royalty to the chip's creator, as the rule says, out of the platform's share;
 * - an order refunded or cancelled: every allocation reversed to zero on every account and person,
 *   cash back to zero, and no commission of it still pending;
 * - a seller's or affiliate's balance never below zero but by refunds reversing money already paid
 *   out, and never paid more than was payable.
 */
export async function ledgerViolations(
  app: App,
  adminToken: string,
  expected: { proceeds: ExpectedProceeds },
): Promise<string[]> {
  const out: string[] = [];
  const check = await readReconciliation(app, adminToken);
  for (const m of check.orderMismatches) out.push(`reconciliation: order #${m.orderId} ${JSON.stringify(m)}`);
  for (const m of check.balanceMismatches) out.push(`reconciliation: balance ${JSON.stringify(m)}`);

  const pricing = toPricingSettings(await getSiteSettings(app));
  const [allLines, allOrders, allRefunds, allCommissions, allPayouts, allChips] = await Promise.all([
    app.db.select().from(ledgerLines),
    app.db.select().from(orders),
    app.db.select().from(refunds),
    app.db.select().from(commissions),
    app.db.select().from(payouts),
    app.db.select({ id: chips.id, creatorId: chips.creatorId }).from(chips),
  ]);
  const creatorOf = new Map(allChips.map((c) => [c.id, c.creatorId]));
  for (const r of allRefunds) {
    if (r.status !== 'succeeded') out.push(`refund #${r.id} of order #${r.orderId} is ${r.status}`);
  }
  const linesOf = new Map<number, Line[]>();
  for (const l of allLines) {
    if (l.orderId === null) continue;
    linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
  }

  for (const order of allOrders) {
    const lines = linesOf.get(order.id) ?? [];
    const at = `order #${order.id} (${order.orderType}, ${order.shippingOption}, ${order.status}/${order.paymentStatus})`;
    const of = (pred: (l: Line) => boolean) => lines.filter(pred);
    const cash = sum(of(isCash));
    const allocation = of(isAllocation);
    if (sum(allocation) !== cash) out.push(`${at}: allocated ${sum(allocation)} ≠ cash ${cash}`);
    if (sum(of((l) => l.kind === 'refund_due')) !== 0) {
      out.push(`${at}: ${sum(of((l) => l.kind === 'refund_due'))} still owed back to the buyer`);
    }
    const orderCommissions = allCommissions.filter((c) => c.orderId === order.id);
    const isKept = order.paymentStatus === 'completed' && order.status !== 'cancelled';

    if (!isKept) {
      // Refunded, cancelled, or never paid: nothing of it stands, for anyone.
      if (cash !== 0) out.push(`${at}: ${cash} cash stands`);
      const standing = new Map<string, number>();
      for (const l of allocation) {
        const key = `${l.account}:${l.kind}:${l.userId ?? '-'}`;
        standing.set(key, (standing.get(key) ?? 0) + l.amountCents);
      }
      for (const [key, cents] of standing) if (cents !== 0) out.push(`${at}: ${key} stands at ${cents}`);
      for (const c of orderCommissions) {
        if (c.status === 'pending')
          out.push(`${at}: commission #${c.id} of user ${c.affiliateUserId} pending`);
      }
      continue;
    }

    // A kept order: paid once, allocated exactly as the order says.
    const paid = sum(of((l) => l.kind === 'payment')) + sum(of((l) => l.kind === 'refund'));
    if (paid !== order.totalCents) out.push(`${at}: net cash ${paid} ≠ total ${order.totalCents}`);
    const shippingCents = order.orderType === 'shipping' ? order.totalCents : order.shippingCents;
    const shipping = of((l) => l.account === 'shipping');
    if (sum(shipping) !== shippingCents)
      out.push(`${at}: shipping booked ${sum(shipping)} ≠ ${shippingCents}`);
    const shippingBookings = shipping.filter((l) => l.amountCents > 0).length;
    if (shippingBookings !== (shippingCents > 0 ? 1 : 0)) {
      out.push(`${at}: shipping booked ${shippingBookings} times`);
    }
    const platform = sum(of((l) => l.account === 'platform'));
    const seller = sum(of((l) => l.account === 'seller' && l.kind === 'seller_proceeds'));
    // The creator's royalty: to the chip's creator only, and exactly what the platform gave up.
    const royaltyLines = of((l) => l.kind === 'creator_royalty' && l.account === 'seller');
    const royalty = sum(royaltyLines);
    const creatorId = order.chipId === null ? undefined : creatorOf.get(order.chipId);
    if (royaltyLines.some((l) => l.userId !== creatorId)) {
      out.push(`${at}: royalty booked to someone other than the creator ${creatorId}`);
    }
    const platformRoyalty = sum(of((l) => l.kind === 'creator_royalty' && l.account === 'platform'));
    if (royalty + platformRoyalty !== 0) {
      out.push(`${at}: royalty ${royalty} not taken from the platform's share (${platformRoyalty})`);
    }
    if (order.orderType !== 'purchase' && order.orderType !== 'transfer' && royalty !== 0) {
      out.push(`${at}: a royalty on a ${order.orderType}`);
    }
    const affiliate = sum(of((l) => l.account === 'affiliate'));
    if (order.orderType === 'purchase') {
      const promised = expected.proceeds.get(order.id);
      const sellerLines = of((l) => l.account === 'seller' && l.kind === 'seller_proceeds');
      if (promised && seller !== promised.proceedsCents) {
        out.push(`${at}: seller proceeds ${seller} ≠ promised ${promised.proceedsCents}`);
      }
      if (promised && sellerLines.some((l) => l.userId !== promised.sellerId)) {
        out.push(`${at}: proceeds booked to someone other than seller ${promised.sellerId}`);
      }
      if (platform + royalty !== order.totalCents - shippingCents - seller) {
        out.push(`${at}: platform ${platform} + royalty ${royalty} ≠ total − shipping − proceeds`);
      }
      const owed = creatorRoyaltyCents({
        baseCents: order.basePriceCents,
        platformFeeCents: sum(of((l) => l.kind === 'platform_fee')),
        creatorRoyaltyBasisPoints: pricing.creatorRoyaltyBasisPoints,
        leavesCreator: creatorId === order.sellerId,
      });
      if (royalty !== owed) out.push(`${at}: royalty ${royalty} ≠ ${owed} owed to the creator`);
    } else if (order.orderType === 'mint') {
      const mintFee = sum(of((l) => l.kind === 'mint_fee'));
      if (mintFee !== order.totalCents - shippingCents)
        out.push(`${at}: mint fee ${mintFee} ≠ total − shipping`);
      const owed = orderCommissions.reduce((s, c) => s + c.amountCents, 0);
      if (affiliate !== owed) out.push(`${at}: affiliate lines ${affiliate} ≠ commissions ${owed}`);
      if (orderCommissions.some((c) => c.status === 'reversed'))
        out.push(`${at}: a kept order's commission reversed`);
    } else if (order.orderType === 'transfer') {
      const fee = sum(of((l) => l.kind === 'transfer_fee'));
      if (fee !== order.totalCents) out.push(`${at}: transfer fee ${fee} ≠ total ${order.totalCents}`);
      // None when the chip left its creator; otherwise the royalty on the fee (who handed it over is
      // the hand-over's, not the order's, so both are allowed here; tests/api/money/royalties says which).
      const onFee = transferRoyaltyCents({
        feeCents: order.totalCents,
        platformFeeBasisPoints: pricing.platformFeeBasisPoints,
        creatorRoyaltyBasisPoints: pricing.creatorRoyaltyBasisPoints,
        leavesCreator: false,
      });
      if (royalty !== 0 && royalty !== onFee) out.push(`${at}: transfer royalty ${royalty} ≠ ${onFee}`);
    }
    if (order.orderType !== 'mint' && affiliate !== 0)
      out.push(`${at}: affiliate lines on a ${order.orderType}`);
  }

  // Balances: never paid more than was there; below zero only by refunds of money already paid out.
  const payees = new Set(allLines.filter((l) => l.userId !== null).map((l) => `${l.account}:${l.userId}`));
  for (const key of payees) {
    const [account, id] = key.split(':') as [Line['account'], string];
    if (account !== 'seller' && account !== 'affiliate') continue;
    const userId = Number(id);
    const mine = allLines.filter((l) => l.account === account && l.userId === userId);
    const balance = sum(mine);
    const reversed = sum(mine.filter((l) => l.refundId !== null && isAllocation(l)));
    if (balance - reversed < 0) {
      out.push(
        `${account} ${userId}: balance ${balance} is below zero by more than refunds reversed (${reversed})`,
      );
    }
    const paidOut = -sum(mine.filter((l) => l.kind === 'payout'));
    const recorded = allPayouts
      .filter((p) => p.userId === userId && p.kind === account && p.status !== 'failed')
      .reduce((s, p) => s + p.amountCents, 0);
    if (paidOut !== recorded)
      out.push(`${account} ${userId}: ledger paid out ${paidOut} ≠ payouts ${recorded}`);
  }
  return out;
}

/** A payee's ledger figures right after their payout: what was payable was paid, nothing more. */
export async function payoutViolations(
  app: App,
  userId: number,
  account: 'seller' | 'affiliate',
): Promise<string[]> {
  const totals = await readAccountTotals(
    app.db,
    userId,
    account,
    account === 'seller' ? app.clock() : undefined,
  );
  const out: string[] = [];
  if (totals.payableCents < 0)
    out.push(`${account} ${userId}: payable ${totals.payableCents} after a payout`);
  if (totals.earnedCents - totals.paidOutCents < 0) {
    out.push(`${account} ${userId}: paid out ${totals.paidOutCents} of ${totals.earnedCents} earned`);
  }
  return out;
}
