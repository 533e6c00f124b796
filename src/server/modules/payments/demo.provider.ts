import crypto from 'node:crypto';
import { ROUTES } from '#shared/brand.ts';
import { centsToUsdString } from '#shared/money.ts';
import { PAYMENT_METHODS } from '#shared/settings.schemas.ts';
import type { Config } from '#server/config.ts';
import type { CreatedPayment, PaymentOrder, PaymentProvider } from './payment-provider.ts';
import { decodeSignedDisputeEvent } from './stripe.provider.ts';

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

/**
 * The demo provider of an app: with DEMO_WEBHOOK_SECRET, it takes Stripe-shaped dispute events
 * (charge.dispute.*, `payment_intent` naming the demo payment's key `complete:<orderId>`) signed with
 * Stripe's scheme at POST /api/payments/demo/webhook, so demos and end-to-end tests can dispute a demo
 * payment (decision 076). Without the secret there is no demo webhook.
 */
export function demoProviderFor(config: Pick<Config, 'demoWebhookSecret'>): PaymentProvider {
  const secret = config.demoWebhookSecret;
  if (!secret) return demoPaymentProvider;
  return {
    ...demoPaymentProvider,
    handleSignal: async (request) => decodeSignedDisputeEvent(request, secret),
    // Evidence for a demo dispute goes nowhere: it is accepted, as Stripe's would be.
    submitDisputeEvidence: async () => {},
  };
}
