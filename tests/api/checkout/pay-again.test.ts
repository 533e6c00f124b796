import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { OrderListSchema, OrderSchema } from '#shared/orders.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { CHIP_NOT_AVAILABLE_MESSAGE } from '#server/modules/chips/chip-lifecycle.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import { orderEvents, orders } from '#server/modules/orders/orders.table.ts';
import {
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_PAYMENT_FLAGGED_MESSAGE,
  ORDER_REPLACED_MESSAGE,
} from '#server/modules/orders/order-lifecycle.ts';
import { sweepLapsedHolds } from '#server/modules/orders/orders.service.ts';
import { failOrderPayment } from '#server/flows/settlement/payments.service.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertMedia, insertOffer, mintBody, purchaseBody } from '#tests/factories/orders.ts';

type Injected = { statusCode: number; json: () => unknown };

function expectError(res: Injected, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = ApiErrorSchema.parse(res.json());
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

async function setup(options: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(options);
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const buyer = await insertUser(app.db);
  return { app, seller, chip, buyer };
}

async function checkoutAs(app: App, token: string | null, payload: Record<string, unknown>) {
  const res = await injectAs(app, token, { method: 'POST', url: '/api/checkout', payload });
  expect(res.statusCode).toBe(200);
  return CheckoutResponseSchema.parse(res.json());
}

function payAgain(
  app: App,
  token: string | null,
  orderId: number | string,
  payload: object = {},
  query = '',
) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/pay${query}`, payload });
}

async function payAgainOk(app: App, token: string | null, orderId: number, payload: object = {}) {
  const res = await payAgain(app, token, orderId, payload);
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutResponseSchema.parse(res.json());
}

function complete(app: App, token: string | null, orderId: number, query = '') {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete${query}` });
}

async function readOrder(app: App, orderId: number) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function timeline(app: App, orderId: number) {
  const events = await app.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return events.map((e) => ({ type: e.type, data: e.data }));
}

async function canPayNow(app: App, token: string, orderId: number) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-orders' });
  return OrderListSchema.parse(res.json()).find((o) => o.id === orderId)?.canPayNow;
}

describe('POST /api/orders/:id/pay (Pay now)', () => {
  it('pays a pending purchase again with another method: the chip is sold to the buyer', async () => {
    const { app, chip, buyer } = await setup();
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(true);

    const again = await payAgainOk(app, buyer.token, first.orderId, { paymentMethod: 'artchip' });
    expect(again.orderId).not.toBe(first.orderId);
    expect(again.redirectUrl).toMatch(
      new RegExp(
        `^/payment-processing\\?orderId=${again.orderId}&amount=\\d+\\.\\d\\d&method=artchip&token=demo_`,
      ),
    );
    expect(again).toMatchObject({ email: buyer.user.email, newAccount: false, paymentMode: 'demo' });
    expect(again.summary.basePriceCents).toBe(2500);
    expect(again.summary.discountCents).toBeGreaterThan(0);
    expect(again.summary.totalCents).toBe(2500 - again.summary.discountCents);

    const old = await readOrder(app, first.orderId);
    expect(old).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await timeline(app, first.orderId)).toEqual([
      { type: 'placed', data: {} },
      { type: 'cancelled', data: { reason: 'replaced_by_retry' } },
    ]);
    expect(await timeline(app, again.orderId)).toEqual([
      { type: 'placed', data: { retryOf: first.orderId } },
    ]);
    expect(await readOrder(app, again.orderId)).toMatchObject({
      orderType: 'purchase',
      chipId: chip.id,
      paymentMethod: 'artchip',
      shippingOption: 'store',
      buyerId: buyer.user.id,
    });
    const [held] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(held).toMatchObject({ reservedByOrderId: again.orderId, reservedForUserId: buyer.user.id });
    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(false);
    expect(await canPayNow(app, buyer.token, again.orderId)).toBe(true);

    expect((await complete(app, buyer.token, again.orderId)).statusCode).toBe(200);
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold).toMatchObject({ ownerId: buyer.user.id, status: 'sold', reservedByOrderId: null });
    expect(await readOrder(app, again.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await canPayNow(app, buyer.token, again.orderId)).toBe(false);
    // The replaced order stays replaced: it is never paid again itself.
    expectError(await payAgain(app, buyer.token, first.orderId), 409, ORDER_REPLACED_MESSAGE);
  });

  it('pays a failed card order again, by default with its own method, keeping the shipping address', async () => {
    const { app, chip, buyer } = await setup();
    const first = await checkoutAs(
      app,
      buyer.token,
      purchaseBody(chip.id, {
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Ada Buyer',
        newAddressLine1: '1 Rue de la Paix',
        newAddressCity: 'Paris',
        newAddressZip: '75002',
        newAddressCountry: 'FR',
      }),
    );
    await failOrderPayment(app, {
      orderId: first.orderId,
      provider: 'demo',
      eventKey: 'declined:1',
      reason: 'card_declined',
    });
    const failed = await readOrder(app, first.orderId);
    expect(failed).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    const read = await injectAs(app, buyer.token, { method: 'GET', url: `/api/orders/${first.orderId}` });
    expect(OrderSchema.parse(read.json()).canPayNow).toBe(true);

    const again = await payAgainOk(app, buyer.token, first.orderId);
    expect(again.redirectUrl).toContain('method=card');
    expect(again.summary).toMatchObject({ basePriceCents: 2500, shippingCents: failed.shippingCents });
    const next = await readOrder(app, again.orderId);
    expect(next).toMatchObject({
      paymentMethod: 'card',
      shippingOption: 'ship',
      shippingAddress: failed.shippingAddress,
      totalCents: failed.totalCents,
    });
    expect((await timeline(app, first.orderId)).map((e) => e.type)).toEqual([
      'placed',
      'payment_failed',
      'cancelled',
    ]);
    expect((await complete(app, buyer.token, again.orderId)).statusCode).toBe(200);
    expect(await readOrder(app, again.orderId)).toMatchObject({
      paymentStatus: 'completed',
      status: 'processing',
    });
  });

  it('pays a purchase whose hold lapsed again while the chip is still free', async () => {
    let now = Date.now();
    const { app, chip, buyer } = await setup({ clock: () => new Date(now) });
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    now += 16 * 60_000;
    await sweepLapsedHolds(app);
    expect(await readOrder(app, first.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });
    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(true);

    const again = await payAgainOk(app, buyer.token, first.orderId, { paymentMethod: 'paypal' });
    const [held] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(held!.reservedByOrderId).toBe(again.orderId);
    expect(held!.reservedUntil!.getTime()).toBe(now + 15 * 60_000);
    expect((await complete(app, buyer.token, again.orderId)).statusCode).toBe(200);
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold!.ownerId).toBe(buyer.user.id);
  });

  it('answers 409 with the chip’s reason when it sold to someone else meanwhile', async () => {
    let now = Date.now();
    const { app, chip, buyer } = await setup({ clock: () => new Date(now) });
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    now += 16 * 60_000;
    const other = await insertUser(app.db);
    const winner = await checkoutAs(app, other.token, purchaseBody(chip.id));
    // Another buyer's checkout ended the lapsed hold; it is idle until that buyer pays, so this
    // buyer may still pay now (docs/decisions/033).
    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(true);
    expect((await complete(app, other.token, winner.orderId)).statusCode).toBe(200);

    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(false);
    expectError(await payAgain(app, buyer.token, first.orderId), 409, CHIP_NOT_AVAILABLE_MESSAGE);
    const [owned] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(owned!.ownerId).toBe(other.user.id);
    expect(await app.db.select().from(orders)).toHaveLength(2);
  });

  it('pays an unpaid mint again without uploading its image again', async () => {
    const { app, buyer } = await setup();
    const media = await insertMedia(app.db, buyer.user.id);
    const first = await checkoutAs(
      app,
      buyer.token,
      mintBody(media.originalUrl, {
        mintData: {
          title: 'Sunrise',
          description: 'Warm',
          imageUrl: media.originalUrl,
          associatedUrl: 'https://example.com/a',
        },
      }),
    );
    const again = await payAgainOk(app, buyer.token, first.orderId);
    expect(again.redirectUrl).toContain('method=artchip');
    expect(again.summary.totalCents).toBe(1500);
    expect(await readOrder(app, again.orderId)).toMatchObject({
      orderType: 'mint',
      isSurprize: false,
      mintTitle: 'Sunrise',
      mintDescription: 'Warm',
      mintAssociatedUrl: 'https://example.com/a',
      originalImageUrl: media.originalUrl,
      paymentMethod: 'artchip',
    });
    // A method the settings take off mints is refused (issue 27: by default mints take every method).
    const admin = await insertAdmin(app.db);
    const set = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { paymentMethods: { mint: ['artchip'], purchase: ['card', 'paypal', 'artchip'] } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const other = await checkoutAs(app, buyer.token, mintBody(media.originalUrl));
    const card = await payAgain(app, buyer.token, other.orderId, { paymentMethod: 'card' });
    expect(expectError(card, 422).fieldErrors).toHaveProperty('paymentMethod');
    expect(await readOrder(app, other.orderId)).toMatchObject({ status: 'pending' });

    expect((await complete(app, buyer.token, again.orderId)).statusCode).toBe(200);
    expect(await readOrder(app, again.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await readOrder(app, first.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });
  });

  it('keeps the buyer’s accepted offer while its acceptance holds', async () => {
    const { app, chip, buyer, seller } = await setup();
    const offer = await insertOffer(app.db, {
      chipId: chip.id,
      buyerId: buyer.user.id,
      ownerId: seller.user.id,
      amountCents: 2000,
      status: 'accepted',
      acceptedUntil: new Date(Date.now() + 48 * 3_600_000),
    });
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id, { offerId: offer.id }));
    const again = await payAgainOk(app, buyer.token, first.orderId);
    expect(again.summary.basePriceCents).toBe(2000);
    expect(await readOrder(app, again.orderId)).toMatchObject({ offerId: offer.id, basePriceCents: 2000 });
    const [linked] = await app.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(linked!.orderId).toBe(again.orderId);
  });

  it('refuses a paid order and one flagged for a refund (409)', async () => {
    const { app, chip, buyer } = await setup();
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    expect((await complete(app, buyer.token, first.orderId)).statusCode).toBe(200);
    expectError(await payAgain(app, buyer.token, first.orderId), 409, ORDER_ALREADY_PAID_MESSAGE);
    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(false);

    await app.db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'failed', paymentFlagged: 'refund_required' })
      .where(and(eq(orders.id, first.orderId)));
    expectError(await payAgain(app, buyer.token, first.orderId), 409, ORDER_PAYMENT_FLAGGED_MESSAGE);
    expect(await canPayNow(app, buyer.token, first.orderId)).toBe(false);
  });

  it('hides someone else’s order (404), even from an admin, and needs a session or token (401)', async () => {
    const { app, chip, buyer } = await setup();
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const stranger = await insertUser(app.db);
    const admin = await insertAdmin(app.db);
    expectError(await payAgain(app, stranger.token, first.orderId), 404, 'Order not found');
    expectError(await payAgain(app, admin.token, first.orderId), 404, 'Order not found');
    expectError(await payAgain(app, buyer.token, 777_777), 404, 'Order not found');
    expectError(await payAgain(app, null, first.orderId), 401);
    expect(await readOrder(app, first.orderId)).toMatchObject({ status: 'pending' });
  });

  it('lets a guest pay again with the order’s payment token only', async () => {
    const { app, chip } = await setup();
    const guest = await checkoutAs(app, null, purchaseBody(chip.id, { email: 'guest-again@example.com' }));
    const token = new URL(guest.redirectUrl, 'http://x').searchParams.get('token')!;
    expectError(await payAgain(app, null, guest.orderId), 401);
    expectError(await payAgain(app, null, guest.orderId, {}, '?token=demo_wrong'), 404, 'Order not found');

    const res = await payAgain(app, null, guest.orderId, { paymentMethod: 'paypal' }, `?token=${token}`);
    expect(res.statusCode).toBe(200);
    const again = CheckoutResponseSchema.parse(res.json());
    expect(again).toMatchObject({ email: 'guest-again@example.com', newAccount: true });
    const next = await readOrder(app, again.orderId);
    const old = await readOrder(app, guest.orderId);
    expect(next).toMatchObject({
      buyerId: old.buyerId,
      isNewAccount: true,
      guestTokenHash: old.guestTokenHash,
    });
    // The old token no longer pays anything: the old order was replaced.
    expectError(await payAgain(app, null, guest.orderId, {}, `?token=${token}`), 409, ORDER_REPLACED_MESSAGE);
    const newToken = new URL(again.redirectUrl, 'http://x').searchParams.get('token')!;
    expect((await complete(app, null, again.orderId, `?token=${newToken}`)).statusCode).toBe(200);
    expect(await readOrder(app, again.orderId)).toMatchObject({ paymentStatus: 'completed' });
  });

  it('validates the method and the order id (400)', async () => {
    const { app, chip, buyer } = await setup();
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const bad = expectError(
      await payAgain(app, buyer.token, first.orderId, { paymentMethod: 'bitcoin' }),
      400,
    );
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.fieldErrors).toHaveProperty('paymentMethod');
    expectError(await payAgain(app, buyer.token, 'abc'), 400);
    expect(await readOrder(app, first.orderId)).toMatchObject({ status: 'pending' });
  });

  it('pays an order again once when asked twice at the same time', async () => {
    const { app, chip, buyer } = await setup();
    const first = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const results = await Promise.all([
      payAgain(app, buyer.token, first.orderId),
      payAgain(app, buyer.token, first.orderId),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const retries = await app.db.select().from(orders).where(eq(orders.chipId, chip.id));
    expect(retries).toHaveLength(2);
  });
});
