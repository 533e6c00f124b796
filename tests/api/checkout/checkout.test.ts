import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CHIP_RESERVED_MESSAGE,
  CheckoutResponseSchema,
  EMAIL_REGISTERED_MESSAGE,
  INCOMPLETE_ADDRESS_MESSAGE,
  MINT_LOGIN_REQUIRED_MESSAGE,
  QuoteResponseSchema,
  SELECT_ADDRESS_MESSAGE,
} from '#shared/checkout.schemas.ts';
import { IMAGE_REQUIRED_MESSAGE } from '#shared/media.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { shippingAddresses, users } from '#server/modules/users/users.table.ts';
import { setPaymentProviders } from '#server/modules/payments/payments.registry.ts';
import { demoPaymentProvider } from '#server/modules/payments/demo.provider.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertMedia, mintBody, purchaseBody } from '#tests/factories/orders.ts';

type Injected = { statusCode: number; json: () => unknown };

function expectError(res: Injected, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
}

async function setup(options: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(options);
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const buyer = await insertUser(app.db);
  return { app, seller, chip, buyer };
}

describe('POST /api/checkout (purchase)', () => {
  it('lets a signed-in buyer check out, holds the chip 15 minutes and answers the demo payment URL', async () => {
    const { app, chip, buyer, seller } = await setup();
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { orderSummary: { total: '0.01' } }),
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      newAccount: false,
      email: buyer.user.email,
      paymentMode: 'demo',
      redirectUrl: expect.stringMatching(
        new RegExp(
          `^/payment-processing\\?orderId=${body.orderId}&amount=25\\.00&method=card&token=demo_[\\w-]{20,}$`,
        ),
      ),
      stripeUrl: body.redirectUrl,
      summary: {
        basePriceCents: 2500,
        totalCents: 2500,
        discountCents: 0,
        shippingCents: 0,
        artchipAmount: '25000.000000',
      },
    });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      totalCents: 2500,
      paymentStatus: 'pending',
    });
    const [held] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(held!.reservedByOrderId).toBe(body.orderId);
    expect(held!.reservedUntil!.getTime() - order!.createdAt.getTime()).toBeGreaterThan(14 * 60_000);
  });

  it('creates a passwordless account for a new guest e-mail and accepts the legacy method names', async () => {
    const { app, chip } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { email: 'Guest.Buyer@Example.com', paymentMethod: 'usd' }),
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body.newAccount).toBe(true);
    expect(body.email).toBe('guest.buyer@example.com');
    const [guest] = await app.db.select().from(users).where(eq(users.email, 'guest.buyer@example.com'));
    expect(guest).toMatchObject({ passwordHash: null, isEmailVerified: false });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({ buyerId: guest!.id, isNewAccount: true, paymentMethod: 'card' });
  });

  it('asks a signed-out buyer with a registered e-mail to sign in, and never signs them in', async () => {
    const { app, chip, buyer } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { email: buyer.user.email.toUpperCase() }),
    });
    expectError(res, 409, EMAIL_REGISTERED_MESSAGE);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('CONFLICT');
    expect(JSON.stringify(res.json())).not.toContain('token');
    expect(await app.db.select().from(orders)).toHaveLength(0);
  });

  it('requires an e-mail from a signed-out buyer', async () => {
    const { app, chip } = await setup();
    const res = await app.inject({ method: 'POST', url: '/api/checkout', payload: purchaseBody(chip.id) });
    expectError(res, 400, 'Please enter a valid email address');
  });

  it('answers the spec validation messages', async () => {
    const { app, chip, buyer } = await setup();
    const post = (payload: object) =>
      injectAs(app, buyer.token, { method: 'POST', url: '/api/checkout', payload });
    expectError(
      await post(purchaseBody(chip.id, { email: 'not-an-email' })),
      400,
      'Please enter a valid email address',
    );
    expectError(await post(purchaseBody(chip.id, { shippingOption: 'ship' })), 400, SELECT_ADDRESS_MESSAGE);
    expectError(
      await post(
        purchaseBody(chip.id, { shippingOption: 'ship', shippingAddressId: 'new', newAddressName: 'Ann' }),
      ),
      400,
      INCOMPLETE_ADDRESS_MESSAGE,
    );
    expectError(
      await post(purchaseBody(chip.id, { paymentMethod: 'gold' as never })),
      400,
      'Invalid payment method',
    );
    const mint = (mintData: Record<string, unknown>) => post({ ...mintBody('/x.png'), mintData });
    expectError(await mint({ title: '', imageUrl: '/x.png' }), 400, 'Title is required');
    expectError(
      await mint({ title: 'x'.repeat(100), imageUrl: '/x.png' }),
      400,
      'Title must be less than 100 characters',
    );
    expectError(
      await mint({ title: 'ok', description: 'd'.repeat(501), imageUrl: '/x.png' }),
      400,
      'Description must be less than 500 characters',
    );
    expectError(await mint({ title: 'ok' }), 400, IMAGE_REQUIRED_MESSAGE);
    expectError(
      await post({ ...purchaseBody(chip.id), artchipId: 2 ** 40 }),
      400,
      'Too big: expected number to be <=2147483647',
    );
  });

  it('uses a saved address of the buyer only, prices international shipping and saves a new address on request', async () => {
    const { app, chip, buyer, seller } = await setup();
    const foreign = await insertAddress(app.db, seller.user.id);
    const post = (payload: object) =>
      injectAs(app, buyer.token, { method: 'POST', url: '/api/checkout', payload });
    expectError(
      await post(purchaseBody(chip.id, { shippingOption: 'ship', shippingAddressId: foreign.id })),
      400,
      SELECT_ADDRESS_MESSAGE,
    );
    const res = await post(
      purchaseBody(chip.id, {
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Ann Buyer',
        newAddressLine1: '10 High St',
        newAddressCity: 'London',
        newAddressState: 'LDN',
        newAddressZip: 'N1 1AA',
        newAddressCountry: 'GB',
        saveAddress: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({ shippingCents: 2500, totalCents: 5000 });
    const saved = await app.db
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.userId, buyer.user.id));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ city: 'London', country: 'GB' });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order!.shippingAddress).toMatchObject({ name: 'Ann Buyer', country: 'GB' });
  });

  it('recomputes every amount: token discount, direct-PayPal markup', async () => {
    const { app, chip, buyer, seller } = await setup();
    const token = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, {
        paymentMethod: 'artchip',
        orderSummary: { total: 1, discount: 2500 },
      }),
    });
    expect(CheckoutResponseSchema.parse(token.json()).summary).toMatchObject({
      discountCents: 250,
      totalCents: 2250,
    });
    const paypalChip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 1000,
      paypalEnabled: true,
    });
    const paypal = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(paypalChip.id, { paymentMethod: 'paypal' }),
    });
    const body = CheckoutResponseSchema.parse(paypal.json());
    expect(body.summary).toMatchObject({ markupCents: 200, totalCents: 1200 });
    expect(body.paypalUrl).toBe(body.redirectUrl);
  });

  it('sells a chip once: while a buyer pays, another is told someone else is buying it until the hold lapses', async () => {
    let now = Date.now();
    const { app, chip, buyer } = await setup({ clock: () => new Date(now) });
    const other = await insertUser(app.db);
    const first = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(first.statusCode).toBe(200);
    const paying = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${CheckoutResponseSchema.parse(first.json()).orderId}/payment-started`,
      payload: {},
    });
    expect(paying.statusCode).toBe(200);
    const second = await injectAs(app, other.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expectError(second, 409, CHIP_RESERVED_MESSAGE);

    now += 16 * 60_000;
    const third = await injectAs(app, other.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(third.statusCode).toBe(200);
    const firstId = CheckoutResponseSchema.parse(first.json()).orderId;
    const [lapsed] = await app.db.select().from(orders).where(eq(orders.id, firstId));
    expect(lapsed!.status).toBe('cancelled');
  });

  it('lets the same buyer check out again, cancelling their abandoned order', async () => {
    const { app, chip, buyer } = await setup();
    const first = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    const again = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expect(again.statusCode).toBe(200);
    const pending = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.chipId, chip.id), eq(orders.status, 'pending')));
    expect(pending.map((o) => o.id)).toEqual([CheckoutResponseSchema.parse(again.json()).orderId]);
    expect(CheckoutResponseSchema.parse(first.json()).orderId).not.toBe(pending[0]!.id);
  });

  it('refuses the buyer their own chip, chips not for sale and unknown chips', async () => {
    const { app, chip, seller, buyer } = await setup();
    const own = await injectAs(app, seller.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expectError(own, 422, 'You already own this Artchip.');
    const hidden = await insertChip(app.db, { creatorId: seller.user.id, ...CHIP_STATES.inactive });
    const notForSale = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(hidden.id),
    });
    expectError(notForSale, 409, 'This Artchip is no longer available.');
    const missing = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(99_999),
    });
    expectError(missing, 404, 'Artchip not found');
  });

  it('refuses a method the settings or providers do not offer', async () => {
    const { app, buyer } = await setup();
    const media = await insertMedia(app.db, buyer.user.id);
    // Issue 27: by default a mint takes every configured method (PRODUCT.md), the card included...
    const byCard = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: mintBody(media.originalUrl, { paymentMethod: 'card' }),
    });
    expect(byCard.statusCode, byCard.body).toBe(200);
    // ...and refuses the card once the settings take it off mints.
    const admin = await insertAdmin(app.db);
    const set = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { paymentMethods: { mint: ['artchip'], purchase: ['card', 'paypal', 'artchip'] } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const media2 = await insertMedia(app.db, buyer.user.id);
    const card = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: mintBody(media2.originalUrl, { paymentMethod: 'card' }),
    });
    expectError(card, 422, 'This payment method is not available for this order.');

    const { app: live, chip, buyer: liveBuyer } = await setup({ env: { DEMO_PAYMENTS: 'false' } });
    const res = await injectAs(live, liveBuyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expectError(res, 422, 'This payment method is not available for this order.');
  });

  it('fails cleanly when the provider cannot start the payment, freeing the chip', async () => {
    const { app, chip, buyer } = await setup();
    setPaymentProviders(app, [
      {
        ...demoPaymentProvider,
        createPayment: () => Promise.reject(new Error('provider down')),
      },
    ]);
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expectError(res, 402, 'We could not start the payment. Please try again.');
    const [freed] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(freed!.reservedByOrderId).toBeNull();
    const [order] = await app.db.select().from(orders);
    expect(order).toMatchObject({ paymentStatus: 'failed', status: 'cancelled' });
  });
});

describe('POST /api/checkout (mint)', () => {
  it('requires a signed-in user', async () => {
    const { app } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: mintBody(undefined, { email: 'a@b.co' }),
    });
    expectError(res, 401, MINT_LOGIN_REQUIRED_MESSAGE);
  });

  it('creates a custom mint from an uploaded image at the settings price', async () => {
    const { app, buyer } = await setup();
    const media = await insertMedia(app.db, buyer.user.id);
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: mintBody(media.originalUrl, {
        mintData: {
          title: 'Sunset',
          description: 'Orange',
          imageUrl: media.originalUrl,
          associatedUrl: 'https://x.test/a',
        },
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({ basePriceCents: 1500, discountCents: 0, totalCents: 1500 });
    expect(body.artchipUrl).toMatch(
      new RegExp(
        `^/payment-processing\\?orderId=${body.orderId}&amount=15\\.00&method=artchip&token=demo_[\\w-]{20,}$`,
      ),
    );
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({
      orderType: 'mint',
      isSurprize: false,
      mintTitle: 'Sunset',
      mintDescription: 'Orange',
      mintAssociatedUrl: 'https://x.test/a',
      originalImageUrl: media.originalUrl,
    });
  });

  it('prices a surprize mint without an image and rejects an image that was not uploaded', async () => {
    const { app, buyer } = await setup();
    const surprize = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: mintBody(undefined),
    });
    expect(CheckoutResponseSchema.parse(surprize.json()).summary.totalCents).toBe(3000);
    const forged = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: mintBody(`/media/${'c'.repeat(64)}.png`),
    });
    expectError(forged, 400, IMAGE_REQUIRED_MESSAGE);
  });
});

describe('POST /api/purchase (legacy)', () => {
  it('checks out the product for the signed-in user', async () => {
    const { app, chip, buyer } = await setup();
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/purchase',
      payload: { productId: chip.id },
    });
    expect(res.statusCode).toBe(200);
    expect(CheckoutResponseSchema.parse(res.json()).summary.totalCents).toBe(2500);
  });

  it('requires a session and a product id', async () => {
    const { app, chip, buyer } = await setup();
    const anon = await app.inject({ method: 'POST', url: '/api/purchase', payload: { productId: chip.id } });
    expect(anon.statusCode).toBe(401);
    const bad = await injectAs(app, buyer.token, { method: 'POST', url: '/api/purchase', payload: {} });
    expectError(bad, 400, 'Please choose an Artchip to buy');
  });
});

describe('POST /api/checkout/quote', () => {
  it('answers the live summary and the offered methods, labelled demo', async () => {
    const { app, chip } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: {
        orderType: 'purchase',
        artchipId: chip.id,
        paymentMethod: 'artchip',
        shippingOption: 'ship',
        country: 'CA',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = QuoteResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({
      basePriceCents: 2500,
      discountCents: 250,
      shippingCents: 2500,
      totalCents: 4750,
    });
    expect(body.summary.isFallbackPrice).toBe(true);
    expect(body.paymentOptions).toEqual([
      { method: 'card', mode: 'demo' },
      { method: 'paypal', mode: 'demo' },
      { method: 'artchip', mode: 'demo' },
    ]);
    const mint = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { orderType: 'mint', isSurprize: true, paymentMethod: 'card', shippingOption: 'store' },
    });
    const mintBodyRes = QuoteResponseSchema.parse(mint.json());
    expect(mintBodyRes.summary.totalCents).toBe(3000);
    // Issue 27: mints take the card by default (PRODUCT.md: every configured method).
    expect(mintBodyRes.isPaymentMethodAllowed).toBe(true);
    expect(mintBodyRes.paymentOptions.map((o) => o.method)).toEqual(['card', 'paypal', 'artchip']);
  });

  it('validates and answers unknown chips', async () => {
    const { app } = await setup();
    const bad = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { orderType: 'purchase', paymentMethod: 'card', shippingOption: 'store' },
    });
    expectError(bad, 400, 'Please choose an Artchip to buy');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { orderType: 'purchase', artchipId: 4242, paymentMethod: 'card', shippingOption: 'store' },
    });
    expectError(missing, 404, 'Artchip not found');
  });
});
