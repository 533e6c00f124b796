/**
 * Live PayPal against a local fake PayPal API (tests/helpers/fake-paypal.ts): the order created at
 * checkout (server total, seller as payee), the spec's /paypal/* calls, a capture repeated or raced
 * paying once, and reconciliation. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  PaymentsConfigSchema,
  PaypalCaptureResponseSchema,
  PaypalCreateOrderResponseSchema,
  PaypalSetupResponseSchema,
} from '#shared/payments.schemas.ts';
import { reconcilePendingPayments } from '#server/flows/settlement/payments.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { startFakePaypal, type FakePaypal } from '#tests/helpers/fake-paypal.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';

let paypal: FakePaypal;
beforeAll(async () => {
  paypal = await startFakePaypal();
});
afterAll(async () => {
  await paypal.close();
});

async function setup(options: { paypalEnabled?: boolean; clock?: () => Date } = {}) {
  const { paypalEnabled = true, clock } = options;
  paypal.setCaptureOutcome('COMPLETED');
  const app = await buildTestApp({ env: paypal.env, clock });
  const seller = await insertUser(app.db, { paypalEmail: 'seller-pp@example.com' });
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500, paypalEnabled });
  const buyer = await insertUser(app.db);
  const res = await injectAs(app, buyer.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chip.id, { paymentMethod: 'paypal' }),
  });
  expect(res.statusCode).toBe(200);
  const checkout = CheckoutResponseSchema.parse(res.json());
  const { order } = await readOrderBooks(app.db, checkout.orderId);
  return { app, seller, chip, buyer, checkout, paypalOrderId: order.providerRef! };
}

describe('PayPal', () => {
  it('creates the PayPal order at checkout for the total with the markup, paid to the seller directly', async () => {
    const { checkout, chip, paypalOrderId } = await setup();
    expect(checkout.paymentMode).toBe('live');
    expect(checkout.summary.totalCents).toBe(3000);
    expect(checkout.paypalUrl).toBe(
      `/paypal-processing?orderId=${checkout.orderId}&amount=30.00&sellerEmail=seller-pp%40example.com&artchipId=${chip.id}`,
    );
    expect(checkout.redirectUrl).toBe(checkout.paypalUrl);
    const created = paypal.orders.get(paypalOrderId)!;
    expect(created.intent).toBe('CAPTURE');
    expect(created.purchase_units[0]).toMatchObject({
      custom_id: String(checkout.orderId),
      amount: { currency_code: 'USD', value: '30.00' },
      payee: { email_address: 'seller-pp@example.com' },
    });
    const create = paypal.requests.findLast(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v2/checkout/orders' &&
        r.body.includes(`"custom_id":"${checkout.orderId}"`),
    )!;
    const quotedAt = new Date(checkout.summary.quoteExpiresAt).getTime();
    expect(create.headers['paypal-request-id']).toBe(`order-${checkout.orderId}-${quotedAt}-paypal`);
  });

  it('pays the platform (no payee, no markup) for a chip without direct PayPal', async () => {
    const { checkout, paypalOrderId } = await setup({ paypalEnabled: false });
    expect(checkout.summary.totalCents).toBe(2500);
    const unit = paypal.orders.get(paypalOrderId)!.purchase_units[0]!;
    expect(unit.payee).toBeUndefined();
    expect(unit.amount.value).toBe('25.00');
  });

  it('GET /paypal/setup gives the client id; the config says PayPal is live', async () => {
    const app = await buildTestApp({ env: paypal.env });
    const setupRes = await app.inject({ method: 'GET', url: '/paypal/setup' });
    expect(PaypalSetupResponseSchema.parse(setupRes.json())).toEqual({
      clientId: paypal.env.PAYPAL_CLIENT_ID,
    });
    const config = PaymentsConfigSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/payments/config' })).json(),
    );
    expect(config.methods).toEqual([{ method: 'paypal', mode: 'live', provider: 'paypal' }]);
    expect(config.paypal).toEqual({ clientId: paypal.env.PAYPAL_CLIENT_ID });
    expect(JSON.stringify(config)).not.toContain(paypal.env.PAYPAL_CLIENT_SECRET);
  });

  it('POST /paypal/order answers the order PayPal order and ignores the amount sent', async () => {
    const { app, checkout, paypalOrderId } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/paypal/order',
      payload: { orderId: checkout.orderId, amount: '0.01', currency: 'USD', intent: 'CAPTURE' },
    });
    expect(res.statusCode).toBe(200);
    expect(PaypalCreateOrderResponseSchema.parse(res.json())).toEqual({ id: paypalOrderId });
    expect(paypal.orders.get(paypalOrderId)!.purchase_units[0]!.amount.value).toBe('30.00');
    const missing = await app.inject({ method: 'POST', url: '/paypal/order', payload: { amount: '30.00' } });
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(missing.json()).message).toBe(
      'Invalid payment parameters. Please try again.',
    );
    const unknown = await app.inject({ method: 'POST', url: '/paypal/order', payload: { orderId: 999999 } });
    expect(unknown.statusCode).toBe(404);
  });

  it('a capture before the buyer approved is refused and changes nothing', async () => {
    const { app, checkout, paypalOrderId } = await setup();
    const res = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(res.statusCode).toBe(422);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.paymentStatus).toBe('pending');
  });

  it('captures an approved order and completes ours keyed by the capture id', async () => {
    const { app, buyer, checkout, paypalOrderId } = await setup();
    paypal.approve(paypalOrderId);
    const res = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(res.statusCode).toBe(200);
    expect(PaypalCaptureResponseSchema.parse(res.json())).toEqual({
      id: paypalOrderId,
      status: 'COMPLETED',
      orderId: checkout.orderId,
      paymentStatus: 'completed',
    });
    const captureId = paypal.orders.get(paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ paymentStatus: 'completed', buyerId: buyer.user.id });
    expect(books.events).toEqual([
      expect.objectContaining({ provider: 'paypal', eventKey: captureId, outcome: 'completed' }),
    ]);
  });

  it('a capture repeated, even ten at once, is one payment', async () => {
    const { app, checkout, paypalOrderId } = await setup();
    paypal.approve(paypalOrderId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(200));
    const again = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(again.statusCode).toBe(200);
    expect(paypal.captureCount(paypalOrderId)).toBe(1);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order.paymentStatus).toBe('completed');
    expect(books.events).toHaveLength(1);
    expect(books.ledger.map((l) => l.kind).sort()).toEqual(['platform_fee', 'seller_proceeds']);
  });

  it('a declined capture answers 402 and leaves the order payable', async () => {
    const { app, checkout, paypalOrderId } = await setup();
    paypal.approve(paypalOrderId);
    paypal.setCaptureOutcome('DECLINED');
    const res = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(res.statusCode).toBe(402);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Payment failed.');
    expect((await readOrderBooks(app.db, checkout.orderId)).order).toMatchObject({
      paymentStatus: 'pending',
      status: 'pending',
    });
  });

  it('a capture PayPal holds as PENDING leaves the order pending', async () => {
    const { app, checkout, paypalOrderId } = await setup();
    paypal.approve(paypalOrderId);
    paypal.setCaptureOutcome('PENDING');
    const res = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(PaypalCaptureResponseSchema.parse(res.json())).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'pending',
    });
    expect((await readOrderBooks(app.db, checkout.orderId)).events).toHaveLength(0);
  });

  it('reconciliation settles an order captured at PayPal whose completion never reached us', async () => {
    let now = new Date();
    const { app, checkout, paypalOrderId } = await setup({ clock: () => now });
    paypal.approve(paypalOrderId);
    // Captured at PayPal directly (our capture answer was lost).
    const { createPaypalApi } = await import('#server/modules/payments/paypal.provider.ts');
    await createPaypalApi(app.config.paypal!).captureOrder(paypalOrderId, 'lost-capture');
    now = new Date(Date.now() + 3 * 60_000);
    expect(await reconcilePendingPayments(app)).toBe(1);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order.paymentStatus).toBe('completed');
    // The buyer's browser retrying the capture afterwards changes nothing.
    const retry = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(retry.statusCode).toBe(200);
    expect((await readOrderBooks(app.db, checkout.orderId)).events).toHaveLength(1);
    expect(paypal.captureCount(paypalOrderId)).toBe(1);
  });

  it('refuses to capture once the checkout lapsed, so no money is taken', async () => {
    let now = new Date();
    const { app, checkout, paypalOrderId } = await setup({ clock: () => now });
    paypal.approve(paypalOrderId);
    now = new Date(Date.now() + 16 * 60_000);
    const { sweepLapsedHolds } = await import('#server/modules/orders/orders.service.ts');
    await sweepLapsedHolds(app);
    const res = await app.inject({ method: 'POST', url: `/paypal/order/${paypalOrderId}/capture` });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(
      'This checkout has expired. Please check out again.',
    );
    expect(paypal.captureCount(paypalOrderId)).toBe(0);
    const reorder = await app.inject({
      method: 'POST',
      url: '/paypal/order',
      payload: { orderId: checkout.orderId },
    });
    expect(reorder.statusCode).toBe(409);
  });

  it('has no demo completion route when PayPal is live', async () => {
    const { app, buyer, checkout } = await setup();
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${checkout.orderId}/complete`,
    });
    expect(res.statusCode).toBe(404);
  });
});
