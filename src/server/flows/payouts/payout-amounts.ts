/**
 * The payout amounts, pure (decision 050): what a seller's balance shows and what one payout pays,
 * from the ledger's totals. payouts.service.ts reads the totals and books the payout; these rules are
 * unit- and mutation-tested here (docs/mutation-testing.md).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A person's ledger totals of one kind (ledger readAccountTotals). */
export type AccountTotals = { earnedCents: number; paidOutCents: number; payableCents: number };

/** Sales settled at or before this moment are past the hold at `now`. */
export function payableCutoff(now: Date, holdDays: number): Date {
  return new Date(now.getTime() - holdDays * DAY_MS);
}

/**
 * What one payout pays: the payable part of the balance, never more than the balance itself (a refund
 * after a sale can leave less than was payable). Zero or less: nothing to pay.
 */
export function payoutAmountCents(totals: AccountTotals): number {
  return Math.min(totals.payableCents, totals.earnedCents - totals.paidOutCents);
}

/**
 * A seller's balance: payable now (within what they hold, never negative), pending (the rest of the
 * balance), paid out, and when the next settled sale passes the hold (null when none is waiting).
 */
export function sellerBalanceAmounts(
  totals: AccountTotals,
  settlements: {
    settledAt: string | Date | null;
    amountCents: number;
    /** A flip's (decision 071): when the purchase that brought the chip in is past flipHoldDays. */
    flipPayableAt?: string | Date | null;
  }[],
  holdDays: number,
  now: Date,
): { pendingCents: number; payableCents: number; paidCents: number; nextPayableAt: string | null } {
  const balanceCents = totals.earnedCents - totals.paidOutCents;
  const payableCents = Math.max(0, Math.min(totals.payableCents, balanceCents));
  let nextPayable: number | null = null;
  for (const s of settlements) {
    if (s.settledAt === null || s.amountCents <= 0) continue;
    const settled = new Date(s.settledAt).getTime() + holdDays * DAY_MS;
    const at = s.flipPayableAt ? Math.max(settled, new Date(s.flipPayableAt).getTime()) : settled;
    if (at > now.getTime()) nextPayable = nextPayable === null ? at : Math.min(nextPayable, at);
  }
  return {
    pendingCents: balanceCents - payableCents,
    payableCents,
    paidCents: totals.paidOutCents,
    nextPayableAt: nextPayable === null ? null : new Date(nextPayable).toISOString(),
  };
}
