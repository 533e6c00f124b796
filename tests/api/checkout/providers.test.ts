/**
 * The payment-provider interface end to end with a fake live provider: checkout answers what the
 * provider started, only its verified webhook pays the order (once), and the demo route is absent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  PAYMENT_PROVIDER_FACTORIES,
  type PaymentProviderFactory,
} from '#server/modules/payments/payments.registry.ts';
import type { PaymentProvider } from '#server/modules/payments/payment-provider.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';

const FAKE_URL = 'http://fake-live-provider.test';

const fakeCard: PaymentProvider = {
  name: 'stripe',
  mode: 'live',
  methods: ['card'],
  createPayment: async (order) => ({
    providerRef: `pi_fake_${order.id}`,
    clientSecret: `secret_${order.id}`,
    paymentIntentId: `pi_fake_${order.id}`,
    redirectUrl: `/stripe-processing?orderId=${order.id}&amount=${order.totalCents}`,
    stripeUrl: `/stripe-processing?orderId=${order.id}`,
  }),
  handleSignal: async ({ headers, rawBody }) => {
    if (headers['x-fake-signature'] !== 'valid') throw new AppError('FORBIDDEN', 'Invalid signature');
    const event = JSON.parse(rawBody.toString('utf8')) as { id: string; orderId: number; amount: number };
    return {
      kind: 'completed',
      orderId: event.orderId,
      eventKey: event.id,
      amountCents: event.amount,
      currency: 'usd',
    };
  },
};

const factory: PaymentProviderFactory = (config) => (config.publicUrl === FAKE_URL ? fakeCard : null);

afterEach(() => {
  const index = PAYMENT_PROVIDER_FACTORIES.indexOf(factory);
  if (index >= 0) PAYMENT_PROVIDER_FACTORIES.splice(index, 1);
});

describe('a live provider behind the interface', () => {
  it('starts the payment after checkout and is paid only by its verified webhook, once', async () => {
    PAYMENT_PROVIDER_FACTORIES.unshift(factory);
    const app = await buildTestApp({ env: { PUBLIC_URL: FAKE_URL, DEMO_PAYMENTS: 'false' } });
    const chip = await insertChip(app.db, { priceCents: 3000 });
    const buyer = await insertUser(app.db);

    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      paymentMode: 'live',
      clientSecret: `secret_${body.orderId}`,
      paymentIntentId: `pi_fake_${body.orderId}`,
    });
    expect((await readOrderBooks(app.db, body.orderId)).order.providerRef).toBe(`pi_fake_${body.orderId}`);

    const paypal = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { paymentMethod: 'paypal' }),
    });
    expect(paypal.statusCode).toBe(422);

    expect(
      (await injectAs(app, buyer.token, { method: 'POST', url: `/api/orders/${body.orderId}/complete` }))
        .statusCode,
    ).toBe(404);

    const webhook = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'x-fake-signature': signature },
        payload: JSON.stringify({ id: 'evt_1', orderId: body.orderId, amount: 3000 }),
      });
    expect((await webhook('forged')).statusCode).toBe(403);
    expect((await readOrderBooks(app.db, body.orderId)).order.paymentStatus).toBe('pending');
    for (let i = 0; i < 3; i++) expect((await webhook('valid')).statusCode).toBe(200);
    const books = await readOrderBooks(app.db, body.orderId);
    expect(books.order.paymentStatus).toBe('completed');
    expect(books.events).toHaveLength(1);
    expect(books.ledger).toHaveLength(2);
  });
});
