/**
 * The PayPal adapter's refunds against the local fake PayPal (tests/helpers/fake-paypal.ts): the
 * capture found from the PayPal order, one refund per refundId however often it is retried, PayPal's
 * refusals as AppErrors, and direct-PayPal payments (paid to the seller) answered as manual refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentContextWithoutDb, testPaymentOrder } from '#tests/helpers/payment-context.ts';
import { startFakePaypal, type FakePaypal } from '#tests/helpers/fake-paypal.ts';
import { createPaypalProvider, paypalCaptureRequestId, type PaypalProvider } from './paypal.provider.ts';

let paypal: FakePaypal;
let provider: PaypalProvider;
const ctx = paymentContextWithoutDb();

beforeAll(async () => {
  paypal = await startFakePaypal();
  provider = createPaypalProvider({
    clientId: paypal.env.PAYPAL_CLIENT_ID!,
    clientSecret: paypal.env.PAYPAL_CLIENT_SECRET!,
    env: 'sandbox',
    apiUrl: paypal.env.PAYPAL_API_URL,
    webhookId: undefined,
  });
});
afterAll(async () => {
  await paypal.close();
});

let nextOrderId = 1;

/** A PayPal order for a new order of `totalCents`, approved and captured. */
async function newCapturedOrder(
  totalCents: number,
  sellerPaypalEmail: string | null = null,
): Promise<{ orderId: number; paypalOrderId: string }> {
  const orderId = nextOrderId++;
  const order = testPaymentOrder({ id: orderId, paymentMethod: 'paypal', totalCents, sellerPaypalEmail });
  const { providerRef } = await provider.createPayment(order, ctx);
  paypal.approve(providerRef!);
  await provider.api.captureOrder(providerRef!, paypalCaptureRequestId(providerRef!));
  return { orderId, paypalOrderId: providerRef! };
}

function refundsOf(captureId: string) {
  return [...paypal.refunds.values()].filter((r) => r.captureId === captureId);
}

describe('PayPal refunds', () => {
  it('refunds the capture of the PayPal order once per refundId, however often the call is retried', async () => {
    const { orderId, paypalOrderId } = await newCapturedOrder(2500);
    const captureId = paypal.captureIdOf(paypalOrderId);
    const input = {
      providerRef: paypalOrderId,
      orderId,
      refundId: 7,
      amountCents: 2500,
      reason: 'Chip lost',
    };

    const first = await provider.refundPayment!(input, ctx);
    const again = await provider.refundPayment!(input, ctx);

    expect(first).toEqual({ status: 'succeeded', reference: expect.any(String) as string });
    expect(again).toEqual(first);
    expect(refundsOf(captureId)).toEqual([
      expect.objectContaining({
        id: first.reference,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '25.00' },
        custom_id: `order-${orderId}-refund-7`,
        note_to_payer: `Refund for Artchip order #${orderId}`,
      }),
    ]);
    const posts = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
    expect(posts.map((r) => r.headers['paypal-request-id'])).toEqual(['refund-7', 'refund-7']);
    // The internal reason is not sent to PayPal, where the payer would read it.
    expect(posts[0]!.body).not.toContain('Chip lost');
    expect(paypal.orders.get(paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.status).toBe(
      'REFUNDED',
    );
  });

  it('refunds part of a capture, and refuses more than the unrefunded rest with a clear error', async () => {
    const { orderId, paypalOrderId } = await newCapturedOrder(3000);
    const base = { providerRef: paypalOrderId, orderId, reason: 'Partial' };
    const part = await provider.refundPayment!({ ...base, refundId: 11, amountCents: 1000 }, ctx);
    expect(part.status).toBe('succeeded');

    await expect(
      provider.refundPayment!({ ...base, refundId: 12, amountCents: 2500 }, ctx),
    ).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message: `Refund 12 of order ${orderId}: PayPal refused: REFUND_AMOUNT_EXCEEDED: The refund amount must be less than or equal to the capture amount that has not yet been refunded.`,
    });
    expect(refundsOf(paypal.captureIdOf(paypalOrderId)).map((r) => r.amount.value)).toEqual(['10.00']);
  });

  it('refuses an order that was never captured', async () => {
    const orderId = nextOrderId++;
    const { providerRef } = await provider.createPayment(
      testPaymentOrder({ id: orderId, paymentMethod: 'paypal', totalCents: 2500 }),
      ctx,
    );
    await expect(
      provider.refundPayment!(
        { providerRef: providerRef!, orderId, refundId: 21, amountCents: 2500, reason: 'Unpaid' },
        ctx,
      ),
    ).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message: `Refund 21 of order ${orderId}: PayPal order ${providerRef} has no capture to refund`,
    });
  });

  it('refuses an unknown PayPal order with a clear error', async () => {
    await expect(
      provider.refundPayment!(
        { providerRef: 'NOPE', orderId: 999, refundId: 31, amountCents: 100, reason: 'x' },
        ctx,
      ),
    ).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message: expect.stringContaining('PayPal order NOPE could not be read: INVALID_RESOURCE_ID') as string,
    });
  });

  it('answers manual for a direct-PayPal payment, which went to the seller and our keys cannot refund', async () => {
    const { orderId, paypalOrderId } = await newCapturedOrder(3000, 'seller-pp@example.com');
    const result = await provider.refundPayment!(
      { providerRef: paypalOrderId, orderId, refundId: 41, amountCents: 3000, reason: 'Direct' },
      ctx,
    );
    expect(result).toEqual({ status: 'manual', reference: null });
    expect(refundsOf(paypal.captureIdOf(paypalOrderId))).toEqual([]);
  });
});
