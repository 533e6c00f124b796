import { expect, test } from 'vitest';
import { payableCutoff, payoutAmountCents, sellerBalanceAmounts } from './payout-amounts.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

test('the payable cutoff is the hold before now', () => {
  expect(payableCutoff(NOW, 7)).toEqual(new Date(NOW.getTime() - 7 * DAY));
  expect(payableCutoff(NOW, 0)).toEqual(NOW);
});

test('a payout pays what is payable, never more than the balance', () => {
  expect(payoutAmountCents({ earnedCents: 10_000, paidOutCents: 2_000, payableCents: 5_000 })).toBe(5_000);
  // A refund after the sale left less in the balance than was payable.
  expect(payoutAmountCents({ earnedCents: 10_000, paidOutCents: 7_000, payableCents: 5_000 })).toBe(3_000);
  expect(payoutAmountCents({ earnedCents: 10_000, paidOutCents: 10_000, payableCents: 0 })).toBe(0);
});

test("a seller's balance: payable within what they hold, the rest pending, and the next sale past the hold", () => {
  const settlements = [
    { settledAt: new Date(NOW.getTime() - 5 * DAY).toISOString(), amountCents: 1_000 },
    { settledAt: new Date(NOW.getTime() - 2 * DAY), amountCents: 3_000 },
    // Already past the hold, unsettled, or not money earned: none of these is the next one.
    { settledAt: new Date(NOW.getTime() - 10 * DAY), amountCents: 4_000 },
    { settledAt: null, amountCents: 2_000 },
    { settledAt: new Date(NOW.getTime() - 6 * DAY), amountCents: 0 },
    { settledAt: new Date(NOW.getTime() - 6 * DAY), amountCents: -500 },
  ];
  expect(
    sellerBalanceAmounts(
      { earnedCents: 10_000, paidOutCents: 1_000, payableCents: 4_000 },
      settlements,
      7,
      NOW,
    ),
  ).toEqual({
    pendingCents: 5_000,
    payableCents: 4_000,
    paidCents: 1_000,
    nextPayableAt: new Date(NOW.getTime() + 2 * DAY).toISOString(),
  });
  // Exactly at the hold's end it is payable, not next.
  const atEnd = [{ settledAt: new Date(NOW.getTime() - 7 * DAY), amountCents: 1_000 }];
  expect(
    sellerBalanceAmounts({ earnedCents: 0, paidOutCents: 0, payableCents: 0 }, atEnd, 7, NOW).nextPayableAt,
  ).toBeNull();
});

test('a balance that a refund took below zero shows nothing payable and the debt as pending', () => {
  expect(
    sellerBalanceAmounts({ earnedCents: 1_000, paidOutCents: 3_000, payableCents: 1_000 }, [], 7, NOW),
  ).toEqual({ pendingCents: -2_000, payableCents: 0, paidCents: 3_000, nextPayableAt: null });
  expect(
    sellerBalanceAmounts({ earnedCents: 5_000, paidOutCents: 0, payableCents: 9_000 }, [], 7, NOW)
      .payableCents,
  ).toBe(5_000);
});

test("a flip's next payable moment is its purchase's flip hold when that ends after the payout hold (decision 071)", () => {
  const totals = { earnedCents: 1400, paidOutCents: 0, payableCents: 0 };
  const settledAt = new Date(NOW.getTime() - DAY).toISOString();
  const flipPayableAt = new Date(NOW.getTime() + 20 * DAY).toISOString();
  expect(
    sellerBalanceAmounts(totals, [{ settledAt, amountCents: 1400, flipPayableAt }], 7, NOW).nextPayableAt,
  ).toBe(flipPayableAt);
  // A flip hold that ends before the payout hold changes nothing.
  const early = new Date(NOW.getTime() + DAY).toISOString();
  expect(
    sellerBalanceAmounts(totals, [{ settledAt, amountCents: 1400, flipPayableAt: early }], 7, NOW)
      .nextPayableAt,
  ).toBe(new Date(NOW.getTime() + 6 * DAY).toISOString());
});
