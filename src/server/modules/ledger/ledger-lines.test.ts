import { describe, expect, test } from 'vitest';
import type { NewLedgerLine } from './ledger.repo.ts';
import {
  mintLines,
  netAllocation,
  paymentLines,
  payoutLines,
  payoutReturnedLines,
  refundDueLines,
  refundLines,
  saleLines,
  shareOf,
  shippingOrderLines,
  transferFeeLines,
  type Standing,
} from './ledger-lines.ts';

const order = { id: 7, buyerId: 3, chipId: 11 };
const sum = (lines: NewLedgerLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);
const allocationOf = (lines: NewLedgerLine[]) => lines.filter((l) => l.kind !== 'direct_payment');
/** What each account of each person holds after these lines. */
const balances = (lines: Standing[]) => {
  const out: Record<string, number> = {};
  for (const l of lines) {
    const key = `${l.account}:${l.userId ?? ''}`;
    out[key] = (out[key] ?? 0) + l.amountCents;
  }
  return out;
};

test('a payment books the cash the buyer paid, keyed once per provider payment', () => {
  expect(paymentLines({ order, provider: 'stripe', paymentKey: 'pi_1', amountCents: 2500 })).toEqual([
    {
      entryKey: 'payment:stripe:pi_1',
      orderId: 7,
      chipId: 11,
      account: 'buyer',
      kind: 'payment',
      userId: 3,
      amountCents: 2500,
      reason: 'Payment for order #7 (stripe)',
    },
  ]);
});

describe('a sale', () => {
  const shipped = { ...order, totalCents: 10_000, shippingCents: 1_500, insuranceCents: 0 };

  test('a shipped sale books its shipping once: the allocation adds up to the total', () => {
    const lines = saleLines({
      order: shipped,
      sellerId: 5,
      sellerProceedsCents: 8_000,
      directToSeller: false,
    });
    expect(sum(lines)).toBe(10_000);
    expect(lines.filter((l) => l.kind === 'shipping')).toEqual([
      {
        entryKey: 'order:7:shipping',
        orderId: 7,
        chipId: 11,
        account: 'shipping',
        kind: 'shipping',
        amountCents: 1_500,
        reason: 'Shipping paid with order #7',
      },
    ]);
    // The platform keeps the rest: neither the shipping nor the proceeds.
    expect(lines.find((l) => l.kind === 'platform_fee')?.amountCents).toBe(500);
  });

  test('books the seller their proceeds and the platform the rest, with no shipping line when none was paid', () => {
    const lines = saleLines({
      order: { ...order, totalCents: 10_000, shippingCents: 0, insuranceCents: 0 },
      sellerId: 5,
      sellerProceedsCents: 9_000,
      directToSeller: false,
    });
    expect(lines).toEqual([
      {
        entryKey: 'order:7:seller_proceeds',
        orderId: 7,
        chipId: 11,
        account: 'seller',
        kind: 'seller_proceeds',
        userId: 5,
        amountCents: 9_000,
        reason: 'Proceeds of the sale in order #7',
      },
      {
        entryKey: 'order:7:platform_fee',
        orderId: 7,
        chipId: 11,
        account: 'platform',
        kind: 'platform_fee',
        amountCents: 1_000,
        reason: 'Platform fee of the sale in order #7',
      },
    ]);
  });

  test("paid to the seller's own PayPal: the seller's balance owes the whole total back", () => {
    const lines = saleLines({
      order: shipped,
      sellerId: 5,
      sellerProceedsCents: 8_000,
      directToSeller: true,
    });
    expect(sum(allocationOf(lines))).toBe(10_000);
    expect(lines.at(-1)).toEqual({
      entryKey: 'order:7:direct_payment',
      orderId: 7,
      chipId: 11,
      account: 'seller',
      kind: 'direct_payment',
      userId: 5,
      amountCents: -10_000,
      reason: "Order #7 was paid to the seller's own PayPal account",
    });
    // The seller's balance from this sale: proceeds less what they already hold (the platform's and shipping's share).
    const seller = lines.filter((l) => l.account === 'seller');
    expect(sum(seller)).toBe(-2_000);
  });
});

describe('a mint', () => {
  const mint = { ...order, chipId: null, totalCents: 5_000, shippingCents: 1_000, insuranceCents: 0 };
  const commissions = [
    { affiliateUserId: 20, level: 1, amountCents: 400 },
    { affiliateUserId: 21, level: 2, amountCents: 100 },
  ];

  test('books the mint fee, shipping once, and each commission paid out of the fee', () => {
    const lines = mintLines({ order: mint, commissions });
    expect(sum(lines)).toBe(5_000);
    expect(lines).toEqual([
      {
        entryKey: 'order:7:mint_fee',
        orderId: 7,
        account: 'platform',
        kind: 'mint_fee',
        amountCents: 4_000,
        reason: 'Mint fee of order #7',
      },
      {
        entryKey: 'order:7:shipping',
        orderId: 7,
        chipId: null,
        account: 'shipping',
        kind: 'shipping',
        amountCents: 1_000,
        reason: 'Shipping paid with order #7',
      },
      {
        entryKey: 'order:7:affiliate_commission:1',
        orderId: 7,
        account: 'affiliate',
        kind: 'affiliate_commission',
        userId: 20,
        amountCents: 400,
        reason: 'Level 1 commission on order #7',
      },
      {
        entryKey: 'order:7:affiliate_commission:1:platform',
        orderId: 7,
        account: 'platform',
        kind: 'affiliate_commission',
        amountCents: -400,
        reason: 'Level 1 commission on order #7',
      },
      {
        entryKey: 'order:7:affiliate_commission:2',
        orderId: 7,
        account: 'affiliate',
        kind: 'affiliate_commission',
        userId: 21,
        amountCents: 100,
        reason: 'Level 2 commission on order #7',
      },
      {
        entryKey: 'order:7:affiliate_commission:2:platform',
        orderId: 7,
        account: 'platform',
        kind: 'affiliate_commission',
        amountCents: -100,
        reason: 'Level 2 commission on order #7',
      },
    ]);
  });

  test('books shipping protection beside the shipping, on the shipping account, out of the fee (decision 066)', () => {
    const insured = { ...mint, totalCents: 5_023, insuranceCents: 23 };
    const lines = mintLines({ order: insured, commissions: [] });
    expect(sum(lines)).toBe(5_023);
    expect(lines.find((l) => l.kind === 'mint_fee')?.amountCents).toBe(4_000);
    expect(lines.filter((l) => l.account === 'shipping')).toEqual([
      {
        entryKey: 'order:7:shipping',
        orderId: 7,
        chipId: null,
        account: 'shipping',
        kind: 'shipping',
        amountCents: 1_000,
        reason: 'Shipping paid with order #7',
      },
      {
        entryKey: 'order:7:shipping_insurance',
        orderId: 7,
        chipId: null,
        account: 'shipping',
        kind: 'shipping_insurance',
        amountCents: 23,
        reason: 'Shipping insurance and signature paid with order #7',
      },
    ]);
    // Uninsured: no insurance line at all.
    expect(mintLines({ order: mint, commissions: [] }).some((l) => l.kind === 'shipping_insurance')).toBe(
      false,
    );
  });

  test('a mint kept in the vault books no shipping', () => {
    const lines = mintLines({ order: { ...mint, shippingCents: 0 }, commissions: [] });
    expect(lines.map((l) => l.kind)).toEqual(['mint_fee']);
    expect(sum(lines)).toBe(5_000);
  });
});

test('a shipping order of an insured chip books its postage and its insurance apart, both passed through', () => {
  const lines = shippingOrderLines({ order: { ...order, totalCents: 2_500, insuranceCents: 1_500 } });
  expect(lines.map((l) => [l.kind, l.account, l.amountCents])).toEqual([
    ['shipping', 'shipping', 1_000],
    ['shipping_insurance', 'shipping', 1_500],
  ]);
});

test('a shipping order pays the shipment; an offline transfer pays the platform its fee', () => {
  expect(shippingOrderLines({ order: { ...order, totalCents: 1_200, insuranceCents: 0 } })).toEqual([
    {
      entryKey: 'order:7:shipping',
      orderId: 7,
      chipId: 11,
      account: 'shipping',
      kind: 'shipping',
      amountCents: 1_200,
      reason: 'Shipping paid with order #7',
    },
  ]);
  expect(transferFeeLines({ order: { ...order, totalCents: 300 } })).toEqual([
    {
      entryKey: 'order:7:transfer_fee',
      orderId: 7,
      chipId: 11,
      account: 'platform',
      kind: 'transfer_fee',
      amountCents: 300,
      reason: 'Transfer fee of order #7',
    },
  ]);
});

test('a payment that cannot be kept is owed back to the buyer', () => {
  expect(
    refundDueLines({ order, provider: 'paypal', paymentKey: 'cap_9', amountCents: 2_500, why: 'Sold out' }),
  ).toEqual([
    {
      entryKey: 'refund_due:paypal:cap_9',
      orderId: 7,
      chipId: 11,
      account: 'buyer',
      kind: 'refund_due',
      userId: 3,
      amountCents: 2_500,
      reason: 'Sold out',
    },
  ]);
});

describe('a refund', () => {
  const refund = { order, refundId: 4, amountCents: 5_000, why: 'Refunded by an admin (order #7)' };

  test('of money owed back: cash out and the debt cleared, reading no allocation', () => {
    const owed: Standing[] = [{ account: 'buyer', kind: 'refund_due', userId: 3, amountCents: 5_000 }];
    expect(refundLines({ ...refund, reversesAllocation: false }, owed)).toEqual([
      {
        entryKey: 'refund:4:refund',
        orderId: 7,
        chipId: 11,
        refundId: 4,
        account: 'buyer',
        kind: 'refund',
        userId: 3,
        amountCents: -5_000,
        reason: 'Refunded by an admin (order #7)',
      },
      {
        entryKey: 'refund:4:refund_due',
        orderId: 7,
        chipId: 11,
        refundId: 4,
        account: 'buyer',
        kind: 'refund_due',
        userId: 3,
        amountCents: -5_000,
        reason: 'Refunded by an admin (order #7)',
      },
    ]);
  });

  test("an admin refund reverses the affiliate's commission with the rest of the allocation", () => {
    const booked = [
      ...paymentLines({ order, provider: 'stripe', paymentKey: 'pi_1', amountCents: 5_000 }),
      ...mintLines({
        order: { ...order, totalCents: 5_000, shippingCents: 1_000, insuranceCents: 0 },
        commissions: [{ affiliateUserId: 20, level: 1, amountCents: 400 }],
      }),
    ] as Standing[];
    const lines = refundLines({ ...refund, reversesAllocation: true }, booked);
    expect(lines.find((l) => l.account === 'affiliate')).toEqual({
      entryKey: 'refund:4:affiliate:affiliate_commission:20',
      orderId: 7,
      chipId: 11,
      refundId: 4,
      account: 'affiliate',
      kind: 'affiliate_commission',
      userId: 20,
      amountCents: -400,
      reason: 'Refunded by an admin (order #7)',
    });
    // After the refund nobody keeps anything of the order: each account of each person nets to zero, cash too.
    const after = balances([...booked, ...(lines as Standing[])]);
    for (const [key, cents] of Object.entries(after)) expect({ key, cents }).toEqual({ key, cents: 0 });
    expect(lines.map((l) => l.entryKey)).toEqual([
      'refund:4:refund',
      'refund:4:platform:mint_fee:',
      'refund:4:shipping:shipping:',
      'refund:4:affiliate:affiliate_commission:20',
      'refund:4:platform:affiliate_commission:',
    ]);
  });

  test('an admin refund of a sale gives the seller their proceeds back and skips what already nets to zero', () => {
    const booked = [
      ...saleLines({
        order: { ...order, totalCents: 10_000, shippingCents: 0, insuranceCents: 0 },
        sellerId: 5,
        sellerProceedsCents: 9_000,
        directToSeller: false,
      }),
      // A payout of the seller is settlement, not allocation: the refund does not reverse it.
      ...payoutLines({ payoutId: 1, userId: 5, account: 'seller', amountCents: 9_000, reference: null }),
      // Money once owed back and then refunded nets to zero and is never reversed again.
      { account: 'buyer', kind: 'refund_due', userId: 3, amountCents: 100 },
    ] as Standing[];
    const lines = refundLines({ ...refund, amountCents: 10_000, reversesAllocation: true }, booked);
    expect(lines.map((l) => [l.entryKey, l.amountCents])).toEqual([
      ['refund:4:refund', -10_000],
      ['refund:4:seller:seller_proceeds:5', -9_000],
      ['refund:4:platform:platform_fee:', -1_000],
    ]);
    const twice = refundLines({ ...refund, refundId: 5, reversesAllocation: true }, [
      ...booked,
      ...(lines as Standing[]),
    ]);
    expect(twice.map((l) => l.kind)).toEqual(['refund']);
  });
});

describe('shipping protection on a sale', () => {
  test("is the carrier's, not the platform's: the fee is what the price leaves after the proceeds", () => {
    const lines = saleLines({
      order: { ...order, totalCents: 102_500, shippingCents: 1_000, insuranceCents: 1_500 },
      sellerId: 5,
      sellerProceedsCents: 70_000,
      directToSeller: false,
    });
    expect(sum(lines)).toBe(102_500);
    expect(lines.map((l) => [l.account, l.kind, l.amountCents])).toEqual([
      ['seller', 'seller_proceeds', 70_000],
      ['platform', 'platform_fee', 30_000],
      ['shipping', 'shipping', 1_000],
      ['shipping', 'shipping_insurance', 1_500],
    ]);
  });
});

describe('a refund of a shipment that will not happen (reversedKinds)', () => {
  const booked = [
    ...paymentLines({ order, provider: 'stripe', paymentKey: 'pi_1', amountCents: 2_523 }),
    ...mintLines({
      order: { ...order, totalCents: 2_523, shippingCents: 1_000, insuranceCents: 23 },
      commissions: [{ affiliateUserId: 20, level: 1, amountCents: 150 }],
    }),
  ] as Standing[];

  test('reverses only the shipping and its insurance; the mint fee and commission stand', () => {
    const lines = refundLines(
      {
        order,
        refundId: 9,
        amountCents: 1_023,
        reversesAllocation: true,
        reversedKinds: ['shipping', 'shipping_insurance'],
        why: 'Shipping not used',
      },
      booked,
    );
    expect(lines.map((l) => [l.entryKey, l.amountCents])).toEqual([
      ['refund:9:refund', -1_023],
      ['refund:9:shipping:shipping:', -1_000],
      ['refund:9:shipping:shipping_insurance:', -23],
    ]);
    const after = balances([...booked, ...(lines as Standing[])]);
    expect(after).toMatchObject({ 'shipping:': 0, 'affiliate:20': 150, 'buyer:3': 1_500 });
  });

  test('without reversedKinds every kind is reversed', () => {
    const lines = refundLines(
      { order, refundId: 9, amountCents: 2_523, reversesAllocation: true, why: 'Refunded' },
      booked,
    );
    expect(lines.map((l) => l.kind)).toEqual([
      'refund',
      'mint_fee',
      'shipping',
      'shipping_insurance',
      'affiliate_commission',
      'affiliate_commission',
    ]);
  });
});

test('netAllocation sums each account, kind and person apart', () => {
  expect(
    netAllocation([
      { account: 'affiliate', kind: 'affiliate_commission', userId: 20, amountCents: 400 },
      { account: 'affiliate', kind: 'affiliate_commission', userId: 21, amountCents: 100 },
      { account: 'affiliate', kind: 'affiliate_commission', userId: 20, amountCents: 50 },
      { account: 'platform', kind: 'affiliate_commission', userId: null, amountCents: -450 },
      { account: 'buyer', kind: 'payment', userId: 3, amountCents: 900 },
    ]),
  ).toEqual([
    { account: 'affiliate', kind: 'affiliate_commission', userId: 20, amountCents: 450 },
    { account: 'affiliate', kind: 'affiliate_commission', userId: 21, amountCents: 100 },
    { account: 'platform', kind: 'affiliate_commission', userId: null, amountCents: -450 },
  ]);
});

test('a payout leaves the balance with its reference; a returned payout puts it back', () => {
  const paid = { payoutId: 9, userId: 5, account: 'seller' as const, amountCents: 7_000 };
  expect(payoutLines({ ...paid, reference: 'tx-1' })).toEqual([
    {
      entryKey: 'payout:9',
      payoutId: 9,
      account: 'seller',
      kind: 'payout',
      userId: 5,
      amountCents: -7_000,
      reason: 'Payout #9 (tx-1)',
    },
  ]);
  expect(payoutLines({ ...paid, reference: null })[0]?.reason).toBe('Payout #9');
  expect(payoutReturnedLines({ ...paid, why: 'Bank refused it' })).toEqual([
    {
      entryKey: 'payout:9:returned',
      payoutId: 9,
      account: 'seller',
      kind: 'payout',
      userId: 5,
      amountCents: 7_000,
      reason: 'Bank refused it',
    },
  ]);
});

describe('a partial refund (proportional, decision 070)', () => {
  const standing: Standing[] = [
    { account: 'seller', kind: 'seller_proceeds', userId: 5, amountCents: 3500 },
    { account: 'platform', kind: 'platform_fee', userId: null, amountCents: 1500 },
    { account: 'shipping', kind: 'shipping', userId: null, amountCents: 1000 },
  ];

  test('shares the amount in proportion to each line, summing to exactly the amount', () => {
    expect(shareOf(standing, 1800).map((l) => l.amountCents)).toEqual([1050, 450, 300]);
    // 1 cent of 6000: the line that lost most in rounding down (the proceeds) takes it.
    expect(shareOf(standing, 1).map((l) => l.amountCents)).toEqual([1, 0, 0]);
    for (const amount of [1, 7, 333, 1999, 5999, 6000]) {
      expect(shareOf(standing, amount).reduce((s, l) => s + l.amountCents, 0)).toBe(amount);
    }
  });

  test('rounds with the largest remainder, earlier lines first on a tie', () => {
    const thirds: Standing[] = [
      { account: 'seller', kind: 'seller_proceeds', userId: 5, amountCents: 100 },
      { account: 'platform', kind: 'platform_fee', userId: null, amountCents: 100 },
      { account: 'shipping', kind: 'shipping', userId: null, amountCents: 100 },
    ];
    expect(shareOf(thirds, 100).map((l) => l.amountCents)).toEqual([34, 33, 33]);
    expect(shareOf(thirds, 200).map((l) => l.amountCents)).toEqual([67, 67, 66]);
  });

  test('a negative line (commission paid from the fee) takes its share too', () => {
    const withCommission: Standing[] = [
      { account: 'platform', kind: 'mint_fee', userId: null, amountCents: 1500 },
      { account: 'affiliate', kind: 'affiliate_commission', userId: 9, amountCents: 150 },
      { account: 'platform', kind: 'affiliate_commission', userId: null, amountCents: -150 },
    ];
    const shared = shareOf(withCommission, 750);
    expect(shared.map((l) => l.amountCents)).toEqual([750, 75, -75]);
  });

  test('refundLines reverses the shares, with the cash going back', () => {
    const lines = refundLines(
      { order, refundId: 4, amountCents: 1800, reversesAllocation: true, proportional: true, why: 'Case' },
      standing,
    );
    expect(lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['refund', -1800],
      ['seller_proceeds', -1050],
      ['platform_fee', -450],
      ['shipping', -300],
    ]);
  });
});
