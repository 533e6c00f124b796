import { describe, expect, it } from 'vitest';
import { describeSavings } from './savings.ts';

const base = {
  discountCents: 0,
  shippingCents: 1000,
  shippingOption: 'ship',
  paymentMethod: 'card',
} as const;

describe('describeSavings', () => {
  it('names the discount actually applied', () => {
    expect(describeSavings({ ...base, paymentMethod: 'artchip', discountCents: 250 })).toBe(
      'You saved $2.50 by paying with $ARTCHIP.',
    );
  });

  it('adds free shipping only when a shipped order was charged none', () => {
    expect(describeSavings({ ...base, paymentMethod: 'artchip', discountCents: 150, shippingCents: 0 })).toBe(
      'You saved $1.50 by paying with $ARTCHIP, plus free shipping.',
    );
    expect(describeSavings({ ...base, paymentMethod: 'artchip', shippingCents: 0 })).toBe(
      'Shipping is free because you paid with $ARTCHIP.',
    );
  });

  it('claims nothing for a vaulted order without a discount (storage is always free)', () => {
    expect(describeSavings({ ...base, shippingOption: 'store', shippingCents: 0 })).toBeNull();
    expect(describeSavings(base)).toBeNull();
  });
});
