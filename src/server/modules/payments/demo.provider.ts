import crypto from 'node:crypto';
import { ROUTES } from '#shared/brand.ts';
import { centsToUsdString } from '#shared/money.ts';
import { PAYMENT_METHODS } from '#shared/settings.schemas.ts';
import type { CreatedPayment, PaymentOrder, PaymentProvider } from './payment-provider.ts';

/** The browser URL of the payment simulation page for an order. */
function demoPaymentUrl(
  order: Pick<PaymentOrder, 'id' | 'totalCents' | 'paymentMethod'>,
  paymentToken: string,
): string {
  const query = new URLSearchParams({
    orderId: String(order.id),
    amount: centsToUsdString(order.totalCents),
    method: order.paymentMethod,
    token: paymentToken,
  });
  return `${ROUTES.paymentProcessing}?${query.toString()}`;
}

/** The reference of a demo refund: stable per refund, so a retried refund answers the same. */
function demoRefundReference(refundId: number): string {
  return `demo-refund-${refundId}`;
}

/**
 * Demo payments: no money moves. Checkout sends the buyer to /payment-processing, which calls
 * POST /api/orders/:id/complete; that route exists only while app.config.demoPayments is true.
 */
export const demoPaymentProvider: PaymentProvider = {
  name: 'demo',
  mode: 'demo',
  methods: PAYMENT_METHODS,
  createPayment: async (order): Promise<CreatedPayment> => {
    // A guest buyer has no session: this one-time token (the order's providerRef) lets the
    // simulation page read and complete this order only, as a provider's client secret would.
    const paymentToken = `demo_${crypto.randomBytes(24).toString('base64url')}`;
    const redirectUrl = demoPaymentUrl(order, paymentToken);
    const byMethod =
      order.paymentMethod === 'card'
        ? { stripeUrl: redirectUrl }
        : order.paymentMethod === 'paypal'
          ? { paypalUrl: redirectUrl }
          : { artchipUrl: redirectUrl };
    return { redirectUrl, providerRef: paymentToken, ...byMethod };
  },
  // A demo payment completes only when the buyer finishes the simulation.
  lookupPayment: async () => ({ status: 'pending' }),
  // No money moved, so none goes back: the refund succeeds at once, the same reference on every retry.
  refundPayment: async ({ refundId }) => ({ status: 'succeeded', reference: demoRefundReference(refundId) }),
};
