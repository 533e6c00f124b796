import { describe, expect, test } from 'vitest';
import { isPaidToSellerDirectly, paymentVerdict, refundSettlement } from './settlement-rules.ts';

describe('a completed payment', () => {
  const unpaid = { paymentStatus: 'pending', paymentProvider: 'stripe', totalCents: 2_500 } as const;
  const payment = { provider: 'stripe', amountCents: 2_500, currency: 'usd' };

  test('of the amount, currency and provider the order was placed with fulfils it', () => {
    expect(paymentVerdict(unpaid, payment)).toBe('fulfil');
  });

  test('through another provider, or of another amount or currency, is rejected', () => {
    expect(paymentVerdict(unpaid, { ...payment, provider: 'paypal' })).toBe('provider_mismatch');
    expect(paymentVerdict(unpaid, { ...payment, amountCents: 2_499 })).toBe('amount_mismatch');
    expect(paymentVerdict(unpaid, { ...payment, amountCents: 2_501 })).toBe('amount_mismatch');
    expect(paymentVerdict(unpaid, { ...payment, currency: 'EUR' })).toBe('amount_mismatch');
  });

  test('a second real payment of a paid (or refunded) order goes back; another signal changes nothing', () => {
    for (const paymentStatus of ['completed', 'refunded'] as const) {
      const paid = { ...unpaid, paymentStatus };
      expect(paymentVerdict(paid, payment)).toBe('refund_duplicate');
      expect(paymentVerdict(paid, { ...payment, amountCents: 0 })).toBe('already_paid');
      expect(paymentVerdict(paid, { ...payment, amountCents: 1 })).toBe('refund_duplicate');
      expect(paymentVerdict(paid, { ...payment, provider: 'paypal' })).toBe('already_paid');
    }
  });
});

test("only a direct PayPal payment (with its markup) pays the seller's own account", () => {
  expect(isPaidToSellerDirectly({ paymentMethod: 'paypal', markupCents: 150 })).toBe(true);
  expect(isPaidToSellerDirectly({ paymentMethod: 'paypal', markupCents: 0 })).toBe(false);
  expect(isPaidToSellerDirectly({ paymentMethod: 'card', markupCents: 150 })).toBe(false);
});

describe('settling a refund', () => {
  test("an admin refund reverses the order's allocation and the affiliates' commissions", () => {
    expect(refundSettlement({ reason: 'admin', note: 'Damaged in the vault' }, 7)).toEqual({
      reversesAllocation: true,
      proportional: false,
      reversesCommissions: true,
      isOrderPayment: true,
      why: 'Refunded by an admin (order #7): Damaged in the vault',
    });
  });

  test('a payment that could not be kept only clears what is owed back, and keeps no commission to reverse', () => {
    expect(refundSettlement({ reason: 'chip_unavailable', note: null }, 7)).toEqual({
      reversesAllocation: false,
      proportional: false,
      reversesCommissions: false,
      isOrderPayment: true,
      why: 'Paid after its chip sold to someone else (order #7)',
    });
    expect(refundSettlement({ reason: 'duplicate_payment', note: '' }, 7)).toEqual({
      reversesAllocation: false,
      proportional: false,
      reversesCommissions: false,
      isOrderPayment: false,
      why: 'A second payment for a paid order (order #7)',
    });
  });

  test("an unused shipment gives back only its shipping and insurance; the order's payment and commissions stand", () => {
    expect(refundSettlement({ reason: 'shipping_unused', note: null }, 7)).toStrictEqual({
      reversesAllocation: true,
      reversedKinds: ['shipping', 'shipping_insurance'],
      proportional: false,
      reversesCommissions: false,
      isOrderPayment: false,
      why: 'Shipping not used: the chip was listed before it shipped (order #7)',
    });
    expect(refundSettlement({ reason: 'admin', note: null }, 7).reversedKinds).toBeUndefined();
  });

  test('a buyer protection case: the whole is an admin refund; a part reverses each line in proportion and the order stays paid', () => {
    const full = refundSettlement({ reason: 'buyer_protection', note: 'Broken', amountCents: 6000 }, 7, 6000);
    expect(full).toStrictEqual({
      reversesAllocation: true,
      reversedKinds: undefined,
      proportional: false,
      reversesCommissions: true,
      isOrderPayment: true,
      why: 'Refunded under buyer protection (order #7): Broken',
    });
    const part = refundSettlement({ reason: 'buyer_protection', note: null, amountCents: 5999 }, 7, 6000);
    expect(part).toMatchObject({
      reversesAllocation: true,
      proportional: true,
      reversesCommissions: false,
      isOrderPayment: false,
    });
  });
});
