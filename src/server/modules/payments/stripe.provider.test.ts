/**
 * The Stripe adapter's refunds and cancellations against the local fake Stripe
 * (tests/helpers/fake-stripe.ts): one refund per refundId however often it is retried, Stripe's
 * refusals as AppErrors, and a lapsed hold's PaymentIntent cancelled without throwing once paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentContextWithoutDb, testPaymentOrder } from '#tests/helpers/payment-context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { startFakeStripe, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

let stripe: FakeStripe;
let provider: PaymentProvider;
const ctx = paymentContextWithoutDb();

beforeAll(async () => {
  stripe = await startFakeStripe();
  provider = createStripeProvider({
    secretKey: stripe.env.STRIPE_SECRET_KEY!,
    publishableKey: stripe.env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: stripe.env.STRIPE_WEBHOOK_SECRET!,
    apiUrl: stripe.env.STRIPE_API_URL,
  });
});
afterAll(async () => {
  await stripe.close();
});

let nextOrderId = 1;

/** A PaymentIntent for a new order of `totalCents`, paid when `paid` is set. */
async function newIntent(totalCents: number, paid: boolean): Promise<{ orderId: number; intentId: string }> {
  const orderId = nextOrderId++;
  const order = testPaymentOrder({ id: orderId, paymentMethod: 'card', totalCents });
  const created = await provider.createPayment(order, ctx);
  if (paid) stripe.succeed(created.providerRef!);
  return { orderId, intentId: created.providerRef! };
}

function refundsOf(intentId: string) {
  return [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
}

describe('Stripe refunds', () => {
  it('refunds the PaymentIntent once per refundId, however often the call is retried', async () => {
    const { orderId, intentId } = await newIntent(2500, true);
    const input = { providerRef: intentId, orderId, refundId: 41, amountCents: 2500, reason: 'Chip lost' };

    const first = await provider.refundPayment!(input, ctx);
    const again = await provider.refundPayment!(input, ctx);

    expect(first).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^re_/) as string });
    expect(again).toEqual(first);
    expect(refundsOf(intentId)).toEqual([
      expect.objectContaining({
        id: first.reference,
        amount: 2500,
        status: 'succeeded',
        metadata: { orderId: String(orderId), refundId: '41', reason: 'Chip lost' },
      }),
    ]);
    // Both calls reached Stripe; the Idempotency-Key made the second answer with the first refund.
    const posts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(posts.filter((r) => r.headers['idempotency-key'] === 'refund-41')).toHaveLength(2);
  });

  it('refunds part of a payment, then the rest under another refundId', async () => {
    const { orderId, intentId } = await newIntent(3000, true);
    const base = { providerRef: intentId, orderId, reason: 'Partial' };
    await provider.refundPayment!({ ...base, refundId: 51, amountCents: 1000 }, ctx);
    await provider.refundPayment!({ ...base, refundId: 52, amountCents: 2000 }, ctx);
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([1000, 2000]);
  });

  it('answers pending while Stripe has not settled the refund', async () => {
    const { orderId, intentId } = await newIntent(2500, true);
    stripe.setRefundOutcome('pending');
    try {
      const result = await provider.refundPayment!(
        { providerRef: intentId, orderId, refundId: 61, amountCents: 500, reason: 'Pending' },
        ctx,
      );
      expect(result.status).toBe('pending');
      expect(result.reference).toMatch(/^re_/);
    } finally {
      stripe.setRefundOutcome('succeeded');
    }
  });

  it('turns a refund above the unrefunded amount into a clear PAYMENT_FAILED error', async () => {
    const { orderId, intentId } = await newIntent(2500, true);
    await provider.refundPayment!(
      { providerRef: intentId, orderId, refundId: 71, amountCents: 2000, reason: 'First' },
      ctx,
    );
    const over = provider.refundPayment!(
      { providerRef: intentId, orderId, refundId: 72, amountCents: 1000, reason: 'Too much' },
      ctx,
    );
    await expect(over).rejects.toBeInstanceOf(AppError);
    await expect(over).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message:
        'Refund 72 of order ' +
        `${orderId}: Stripe refused: Refund amount ($10.00) is greater than unrefunded amount on charge ($5.00) (amount_too_large)`,
    });
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([2000]);
  });

  it('refuses to refund a payment that was never made', async () => {
    const { orderId, intentId } = await newIntent(2500, false);
    await expect(
      provider.refundPayment!(
        { providerRef: intentId, orderId, refundId: 81, amountCents: 2500, reason: 'Unpaid' },
        ctx,
      ),
    ).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message: expect.stringContaining('does not have a successful charge') as string,
    });
  });

  it('rejects a non-positive amount without calling Stripe', async () => {
    const { orderId, intentId } = await newIntent(2500, true);
    const before = stripe.requests.length;
    await expect(
      provider.refundPayment!(
        { providerRef: intentId, orderId, refundId: 91, amountCents: 0, reason: 'Zero' },
        ctx,
      ),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    expect(stripe.requests.length).toBe(before);
  });
});

describe('Stripe PaymentIntent cancellation', () => {
  it('cancels an unpaid PaymentIntent as abandoned, and again without error', async () => {
    const { intentId } = await newIntent(2500, false);
    expect(await provider.cancelPayment!(intentId, ctx)).toBe('canceled');
    expect(stripe.intents.get(intentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(await provider.cancelPayment!(intentId, ctx)).toBe('canceled');
  });

  it('answers not_cancellable for a PaymentIntent that already succeeded, leaving it paid', async () => {
    const { intentId } = await newIntent(2500, true);
    expect(await provider.cancelPayment!(intentId, ctx)).toBe('not_cancellable');
    expect(stripe.intents.get(intentId)!.status).toBe('succeeded');
  });

  it('turns an unknown PaymentIntent into a PAYMENT_FAILED error', async () => {
    await expect(provider.cancelPayment!('pi_missing', ctx)).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message: expect.stringContaining("No such payment_intent: 'pi_missing'") as string,
    });
  });
});
