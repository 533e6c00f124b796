import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import { resolvePaymentRedirect } from './payment-redirect.ts';

const ORIGIN = 'https://artchip.example';

function response(overrides: Partial<CheckoutResponse> = {}): CheckoutResponse {
  return {
    orderId: 12,
    redirectUrl: '/payment-processing?orderId=12&amount=15.00&method=artchip',
    newAccount: false,
    email: 'a@b.co',
    paymentMode: 'demo',
    summary: {
      basePriceCents: 1500,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 0,
      insuranceCents: 0,
      totalCents: 1500,
      artchipAmount: '15000.000000',
      tokenPriceUsd: '0.001',
      isFallbackPrice: true,
      quoteExpiresAt: '2030-01-01T00:00:00.000Z',
    },
    ...overrides,
  };
}

describe('resolvePaymentRedirect', () => {
  it("follows the method's own URL: stripeUrl, paypalUrl or artchipUrl", () => {
    const r = response({
      stripeUrl: 'https://checkout.stripe.com/c/pay/1',
      paypalUrl: 'https://www.paypal.com/checkoutnow?token=2',
      artchipUrl: '/payment-processing?orderId=12&amount=15.00&method=artchip',
    });
    expect(resolvePaymentRedirect(r, 'card', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://checkout.stripe.com/c/pay/1',
    });
    expect(resolvePaymentRedirect(r, 'paypal', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://www.paypal.com/checkoutnow?token=2',
    });
    expect(resolvePaymentRedirect(r, 'artchip', ORIGIN).kind).toBe('internal');
  });

  it('falls back to redirectUrl and carries the e-mail and new-account flag to our payment pages', () => {
    const r = response({ newAccount: true, email: 'guest@example.com' });
    expect(resolvePaymentRedirect(r, 'card', ORIGIN)).toEqual({
      kind: 'internal',
      path: '/payment-processing?orderId=12&amount=15.00&method=artchip&email=guest%40example.com&newAccount=true',
    });
  });

  it('keeps query values the server already set', () => {
    const r = response({
      redirectUrl: '/stripe-processing?orderId=12&amount=15.00&email=x%40y.z&newAccount=false',
    });
    expect(resolvePaymentRedirect(r, 'card', ORIGIN)).toEqual({
      kind: 'internal',
      path: '/stripe-processing?orderId=12&amount=15.00&email=x%40y.z&newAccount=false',
    });
  });

  it('refuses script URLs', () => {
    expect(() =>
      resolvePaymentRedirect(response({ redirectUrl: 'javascript:alert(1)' }), 'card', ORIGIN),
    ).toThrow();
  });
});
