/**
 * Live card payments against a local fake Stripe (tests/helpers/fake-stripe.ts): checkout's
 * PaymentIntent, the signed webhook (raw body), exactly-once completion, amount checks and the
 * reconciliation of an order whose webhook never came. Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { OrderSchema } from '#shared/orders.schemas.ts';
import { PaymentsConfigSchema } from '#shared/payments.schemas.ts';
import { SiteInfoSchema } from '#shared/settings.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { paymentEvents } from '#server/modules/payments/payments.table.ts';
import { reconcilePendingPayments } from '#server/flows/settlement/payments.service.ts';
import { createStripeProvider } from '#server/modules/payments/stripe.provider.ts';
import { paymentContext } from '#server/modules/payments/payments.registry.ts';
import { toPaymentOrder } from '#server/flows/checkout/start-payment.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { startFakeStripe, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

async function setup(options: { clock?: () => Date } = {}) {
  const app = await buildTestApp({ env: stripe.env, ...options });
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: seller.user.id,
    priceCents: 2500,
    highestPriceCents: 2500,
  });
  const buyer = await insertUser(app.db);
  const res = await injectAs(app, buyer.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chip.id),
  });
  expect(res.statusCode).toBe(200);
  const checkout = CheckoutResponseSchema.parse(res.json());
  return { app, seller, chip, buyer, checkout, intent: stripe.intents.get(checkout.paymentIntentId!)! };
}

function postWebhook(
  app: Awaited<ReturnType<typeof buildTestApp>>,
  event: { payload: string; headers: Record<string, string> },
  url = '/api/webhooks/stripe',
) {
  return app.inject({ method: 'POST', url, payload: event.payload, headers: event.headers });
}

describe('card checkout with Stripe', () => {
  it('creates a PaymentIntent for the server-computed total with the order id and an idempotency key', async () => {
    const { checkout, intent, chip } = await setup();
    expect(checkout.paymentMode).toBe('live');
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'usd',
      metadata: { orderId: String(checkout.orderId) },
    });
    const create = stripe.requests.findLast(
      (r) =>
        r.method === 'POST' &&
        new URLSearchParams(r.body).get('metadata[orderId]') === String(checkout.orderId),
    )!;
    const quotedAt = new Date(checkout.summary.quoteExpiresAt).getTime();
    expect(create.headers['idempotency-key']).toBe(`order-${checkout.orderId}-${quotedAt}-pi`);
    expect(checkout).toMatchObject({
      clientSecret: intent.client_secret,
      paymentIntentId: intent.id,
      stripeUrl: `/stripe-processing?orderId=${checkout.orderId}&amount=25.00&artchipId=${chip.id}`,
      redirectUrl: checkout.stripeUrl,
    });
  });

  it('a retried PaymentIntent creation for the same order gets the same PaymentIntent', async () => {
    const { app, checkout, intent } = await setup();
    const { order } = await readOrderBooks(app.db, checkout.orderId);
    const provider = createStripeProvider(app.config.stripe!);
    const again = await provider.createPayment(
      toPaymentOrder(order, { buyerEmail: 'buyer@example.com', title: 'Retry' }),
      paymentContext(app),
    );
    expect(again).toMatchObject({ providerRef: intent.id, clientSecret: intent.client_secret });
    expect(
      [...stripe.intents.values()].filter(
        (i) => i.metadata.orderId === String(checkout.orderId) && i.id === intent.id,
      ),
    ).toHaveLength(1);
  });

  it('tells the browser the card method is live, with the publishable key only', async () => {
    const app = await buildTestApp({ env: stripe.env });
    const config = PaymentsConfigSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/payments/config' })).json(),
    );
    expect(config.methods).toEqual([{ method: 'card', mode: 'live', provider: 'stripe' }]);
    expect(config.stripe).toEqual({ publishableKey: stripe.env.STRIPE_PUBLISHABLE_KEY });
    expect(JSON.stringify(config)).not.toContain(stripe.env.STRIPE_SECRET_KEY);
    const info = SiteInfoSchema.parse((await app.inject({ method: 'GET', url: '/api/site-info' })).json());
    expect(info.demoPayments).toBe(false);
  });

  it('with DEMO_PAYMENTS=true beside Stripe, only the other methods are demos and Stripe orders stay live', async () => {
    const app = await buildTestApp({ env: { ...stripe.env, DEMO_PAYMENTS: 'true' } });
    const config = PaymentsConfigSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/payments/config' })).json(),
    );
    expect(config.methods).toEqual([
      { method: 'card', mode: 'live', provider: 'stripe' },
      { method: 'paypal', mode: 'demo', provider: 'demo' },
      { method: 'artchip', mode: 'demo', provider: 'demo' },
    ]);
    const buyer = await insertUser(app.db);
    const chip = await insertChip(app.db, { priceCents: 2500 });
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    const { orderId } = CheckoutResponseSchema.parse(res.json());
    const demo = await injectAs(app, buyer.token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
    expect(demo.statusCode).toBe(422);
    expect((await readOrderBooks(app.db, orderId)).order.paymentStatus).toBe('pending');
  });

  it('does not register the demo completion route when a live provider is configured (404)', async () => {
    const { app, buyer, checkout } = await setup();
    // The buyer's own order: were the route registered it would answer 422 (not a demo order), not 404.
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${checkout.orderId}/complete`,
    });
    expect(res.statusCode).toBe(404);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.paymentStatus).toBe('pending');
  });

  it('a verified payment_intent.succeeded webhook completes the order and hands the chip over', async () => {
    const { app, buyer, chip, checkout, intent } = await setup();
    stripe.succeed(intent.id);
    const res = await postWebhook(app, stripe.event('payment_intent.succeeded', intent));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({
      paymentStatus: 'completed',
      status: 'completed',
      paymentFlagged: null,
    });
    expect(books.events).toHaveLength(1);
    expect(books.events[0]).toMatchObject({ provider: 'stripe', eventKey: intent.id, outcome: 'completed' });
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold).toMatchObject({ ownerId: buyer.user.id, status: 'sold' });
    const order = OrderSchema.parse(
      (await injectAs(app, buyer.token, { method: 'GET', url: `/api/orders/${checkout.orderId}` })).json(),
    );
    expect(order.paymentStatus).toBe('completed');
  });

  it('also answers on the generic webhook path', async () => {
    const { app, checkout, intent } = await setup();
    stripe.succeed(intent.id);
    const res = await postWebhook(
      app,
      stripe.event('payment_intent.succeeded', intent),
      '/api/payments/stripe/webhook',
    );
    expect(res.statusCode).toBe(200);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.paymentStatus).toBe('completed');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { app, checkout, intent } = await setup();
    stripe.succeed(intent.id);
    const forged = stripe.event('payment_intent.succeeded', intent, { secret: 'whsec_attacker' });
    const res = await postWebhook(app, forged);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Invalid webhook signature');
    // A signed body altered after signing (amount raised to look paid) fails too.
    const genuine = stripe.event('payment_intent.succeeded', intent);
    const tampered = await postWebhook(app, {
      ...genuine,
      payload: genuine.payload.replace('"amount":2500', '"amount":2501'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: genuine.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order.paymentStatus).toBe('pending');
    expect(books.events).toHaveLength(0);
  });

  it('applies the same event delivered ten times at once exactly once', async () => {
    const { app, checkout, intent } = await setup();
    stripe.succeed(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent);
    const results = await Promise.all(Array.from({ length: 10 }, () => postWebhook(app, event)));
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(200));
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order.paymentStatus).toBe('completed');
    expect(books.events).toHaveLength(1);
    expect(books.ledger.map((l) => l.kind).sort()).toEqual(['platform_fee', 'seller_proceeds']);
    await app.mailer.flush();
    // A redelivery later (another event id, same PaymentIntent) is still the same payment.
    const again = await postWebhook(app, stripe.event('payment_intent.succeeded', intent));
    expect(again.statusCode).toBe(200);
    expect((await readOrderBooks(app.db, checkout.orderId)).events).toHaveLength(1);
  });

  it('refuses an amount that does not match the order, flags it and leaves it unpaid', async () => {
    const { app, chip, checkout, intent } = await setup();
    stripe.succeed(intent.id, 100);
    const res = await postWebhook(app, stripe.event('payment_intent.succeeded', { ...intent, amount: 100 }));
    expect(res.statusCode).toBe(200);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ paymentStatus: 'pending', paymentFlagged: 'amount_mismatch' });
    expect(books.ledger).toHaveLength(0);
    expect(books.events[0]!.outcome).toBe('amount_mismatch');
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row!.status).toBe('active');
  });

  it('refuses another currency', async () => {
    const { app, checkout, intent } = await setup();
    stripe.succeed(intent.id);
    await postWebhook(app, stripe.event('payment_intent.succeeded', { ...intent, currency: 'eur' }));
    expect((await readOrderBooks(app.db, checkout.orderId)).order).toMatchObject({
      paymentStatus: 'pending',
      paymentFlagged: 'amount_mismatch',
    });
  });

  it('payment_intent.payment_failed fails the order and frees the chip for a new checkout', async () => {
    const { app, chip, checkout, intent } = await setup();
    const declined = stripe.decline(intent.id);
    const res = await postWebhook(app, stripe.event('payment_intent.payment_failed', declined));
    expect(res.statusCode).toBe(200);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ paymentStatus: 'failed' });
    expect(books.events[0]).toMatchObject({ type: 'payment.failed', outcome: 'failed' });
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row!.reservedByOrderId).toBeNull();
    const other = await insertUser(app.db);
    const retry = await injectAs(app, other.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('acknowledges verified events it does not act on', async () => {
    const { app, checkout, intent } = await setup();
    const res = await postWebhook(app, stripe.event('payment_intent.created', intent));
    expect(res.statusCode).toBe(200);
    const foreign = await postWebhook(
      app,
      stripe.event('payment_intent.succeeded', { ...intent, metadata: {} }),
    );
    expect(foreign.statusCode).toBe(200);
    expect((await readOrderBooks(app.db, checkout.orderId)).events).toHaveLength(0);
  });

  it('reconciliation settles an order whose webhook never came, once', async () => {
    let now = new Date();
    const { app, checkout, intent } = await setup({ clock: () => now });
    stripe.succeed(intent.id);
    // Too young: its webhook may still come.
    expect(await reconcilePendingPayments(app)).toBe(0);
    now = new Date(Date.now() + 3 * 60_000);
    expect(await reconcilePendingPayments(app)).toBe(1);
    expect(await reconcilePendingPayments(app)).toBe(0);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order.paymentStatus).toBe('completed');
    // The late webhook is the same payment: nothing more happens.
    await postWebhook(app, stripe.event('payment_intent.succeeded', intent));
    const events = await app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, checkout.orderId));
    expect(events).toHaveLength(1);
  });

  it('reconciliation leaves orders past the watch window alone', async () => {
    let now = new Date();
    const { app, checkout, intent } = await setup({ clock: () => now });
    stripe.succeed(intent.id);
    now = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await reconcilePendingPayments(app)).toBe(0);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.paymentStatus).toBe('pending');
  });
});
