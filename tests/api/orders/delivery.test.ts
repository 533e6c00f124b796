// Issue 28 "Delivered by tap" (decision 064): a shipped order is delivered by its buyer's signed-in
// fresh tap of the chip or their "I received it", else by the auto-delivery job autoDeliveryDays
// after shipping. Delivery moves the chip to its owner and starts the seller's payout hold; the order
// and the seller's view say how it was confirmed.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { TapResultSchema } from '#shared/nfc.schemas.ts';
import {
  AdminOrderSchema,
  ORDER_NOT_SHIPPED_MESSAGE,
  OrderSchema,
  SaleListSchema,
} from '#shared/orders.schemas.ts';
import { SellerBalanceSchema } from '#shared/payouts.schemas.ts';
import type { App } from '#server/app.ts';
import { BACKGROUND_TASKS } from '#server/background.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { orderEvents } from '#server/modules/orders/orders.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay } from '#tests/helpers/money.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertNfcTag } from '#tests/factories/nfc.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress } from '#tests/factories/orders.ts';
import { insertAdmin, insertUser, withLongSession } from '#tests/factories/users.ts';

const DAY = 24 * 60 * 60 * 1000;
const SHIPPED_AT = '2026-11-24T10:00:00.000Z';

/** Sessions that outlive the weeks these tests move the clock through. */
/** A seller's tagged chip bought by `buyer` to be shipped, paid, and marked shipped at SHIPPED_AT. */
async function setup(options: { ship?: boolean } = {}) {
  let now = Date.parse(SHIPPED_AT);
  const app = await buildTestApp({ clock: () => new Date(now) });
  const admin = await withLongSession(app.db, await insertAdmin(app.db));
  const seller = await withLongSession(
    app.db,
    await insertUser(app.db, { paypalEmail: 'seller@paypal.example' }),
  );
  const buyer = await withLongSession(app.db, await insertUser(app.db));
  const other = await withLongSession(app.db, await insertUser(app.db));
  const chip = await insertChip(app.db, {
    creatorId: seller.user.id,
    priceCents: 5000,
    highestPriceCents: 0,
  });
  const tag = await insertNfcTag(app, chip.id, {}, admin.user.id);
  const address = await insertAddress(app.db, buyer.user.id);
  const orderId = await buyAndPay(app, buyer.token, chip.id, {
    shippingOption: 'ship',
    shippingAddressId: address.id,
  });
  if (options.ship !== false) {
    const shipped = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  }
  return {
    app,
    admin,
    seller,
    buyer,
    other,
    chip,
    tag,
    orderId,
    advance: (ms: number) => (now += ms),
    now: () => new Date(now),
  };
}

function received(app: App, token: string | null, orderId: number | string) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/received` });
}

async function readOrder(app: App, token: string, orderId: number) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/orders/${orderId}` });
  expect(res.statusCode).toBe(200);
  return OrderSchema.parse(res.json());
}

async function tapAs(app: App, token: string | null, query: string) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/artchip/tap?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return TapResultSchema.parse(res.json());
}

async function custodyOf(app: App, chipId: number) {
  const [row] = await app.db.select({ custody: chips.custody }).from(chips).where(eq(chips.id, chipId));
  return row?.custody;
}

async function balance(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-payouts' });
  expect(res.statusCode).toBe(200);
  return SellerBalanceSchema.parse(res.json());
}

async function deliveredSteps(app: App, orderId: number, chipId: number) {
  const orderSteps = await app.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'delivered')));
  const chipSteps = await app.db
    .select()
    .from(chipEvents)
    .where(and(eq(chipEvents.chipId, chipId), eq(chipEvents.type, 'delivered')));
  return { orderSteps, chipSteps };
}

const runAutoDelivery = (app: App) => BACKGROUND_TASKS.find((t) => t.name === 'auto-delivery')!.run(app);

describe('POST /api/orders/:id/received', () => {
  it("delivers the buyer's shipped order, hands them the chip and starts the seller's hold then", async () => {
    const { app, buyer, seller, chip, orderId, advance, now } = await setup();
    expect(await readOrder(app, buyer.token, orderId)).toMatchObject({
      status: 'shipped',
      canConfirmReceived: true,
      deliveredBy: null,
    });
    advance(2 * DAY);
    const res = await received(app, buyer.token, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const deliveredAt = now().toISOString();
    expect(OrderSchema.parse(res.json())).toMatchObject({
      id: orderId,
      status: 'delivered',
      deliveredBy: 'buyer',
      deliveredAt,
      canConfirmReceived: false,
    });
    expect(await custodyOf(app, chip.id)).toBe('with_owner');
    // The hold (7 days) runs from this delivery, not from the payment or the shipment.
    expect(await balance(app, seller.token)).toMatchObject({
      pendingCents: 3500,
      payableCents: 0,
      nextPayableAt: new Date(now().getTime() + 7 * DAY).toISOString(),
    });
    advance(7 * DAY - 1000);
    expect((await balance(app, seller.token)).payableCents).toBe(0);
    advance(1000);
    expect((await balance(app, seller.token)).payableCents).toBe(3500);
  });

  it('answers a double press with the delivered order and records the delivery once', async () => {
    const { app, buyer, chip, orderId, advance } = await setup();
    const [first, second] = await Promise.all([
      received(app, buyer.token, orderId),
      received(app, buyer.token, orderId),
    ]);
    advance(DAY);
    const third = await received(app, buyer.token, orderId);
    for (const res of [first, second, third]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(OrderSchema.parse(res.json())).toMatchObject({ status: 'delivered', deliveredBy: 'buyer' });
    }
    expect(OrderSchema.parse(third.json()).deliveredAt).toBe(SHIPPED_AT);
    const { orderSteps, chipSteps } = await deliveredSteps(app, orderId, chip.id);
    expect(orderSteps).toHaveLength(1);
    expect(chipSteps).toHaveLength(1);
  });

  it('validates the id, needs a session and answers an unknown order as not found', async () => {
    const { app, buyer, orderId } = await setup();
    expect((await received(app, buyer.token, 'abc')).statusCode).toBe(400);
    expect((await received(app, buyer.token, 0)).statusCode).toBe(400);
    expect((await received(app, null, orderId)).statusCode).toBe(401);
    const unknown = await received(app, buyer.token, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).code).toBe('NOT_FOUND');
  });

  it("is the buyer's alone: anyone else (an admin's user session included) reads not found", async () => {
    const { app, buyer, seller, other, chip, orderId } = await setup();
    for (const token of [other.token, seller.token]) {
      const res = await received(app, token, orderId);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
    expect((await readOrder(app, buyer.token, orderId)).status).toBe('shipped');
    expect(await custodyOf(app, chip.id)).toBe('in_transit');
  });

  it('refuses an order that has not shipped yet, in words the buyer understands', async () => {
    const { app, buyer, chip, orderId } = await setup({ ship: false });
    expect((await readOrder(app, buyer.token, orderId)).canConfirmReceived).toBe(false);
    const res = await received(app, buyer.token, orderId);
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'CONFLICT',
      message: ORDER_NOT_SHIPPED_MESSAGE,
    });
    expect((await readOrder(app, buyer.token, orderId)).status).toBe('processing');
    expect(await custodyOf(app, chip.id)).toBe('dispatching');
  });
});

describe('delivery by tap', () => {
  it("the buyer's signed-in fresh tap delivers their shipped order and starts the seller's hold", async () => {
    const { app, buyer, seller, chip, tag, orderId, advance, now } = await setup();
    advance(3 * DAY);
    const result = await tapAs(app, buyer.token, makeSunTapQuery({ ...tag, counter: 5 }));
    expect(result).toMatchObject({ status: 'authentic', deliveredOrderId: orderId });
    expect(await readOrder(app, buyer.token, orderId)).toMatchObject({
      status: 'delivered',
      deliveredBy: 'tap',
      deliveredAt: now().toISOString(),
    });
    expect(await custodyOf(app, chip.id)).toBe('with_owner');
    expect((await balance(app, seller.token)).nextPayableAt).toBe(
      new Date(now().getTime() + 7 * DAY).toISOString(),
    );
    // Tapping again later changes nothing more.
    const again = await tapAs(app, buyer.token, makeSunTapQuery({ ...tag, counter: 6 }));
    expect(again).toMatchObject({ status: 'authentic', deliveredOrderId: null });
    const { orderSteps } = await deliveredSteps(app, orderId, chip.id);
    expect(orderSteps).toHaveLength(1);
  });

  it("another user's tap, a tap without a session and a replayed tap deliver nothing", async () => {
    const { app, buyer, seller, other, chip, tag, orderId } = await setup();
    const seen = makeSunTapQuery({ ...tag, counter: 5 });
    expect(await tapAs(app, other.token, seen)).toMatchObject({
      status: 'authentic',
      deliveredOrderId: null,
    });
    // The buyer replays the URL another person's tap already used: not fresh.
    expect(await tapAs(app, buyer.token, seen)).toMatchObject({ status: 'repeated', deliveredOrderId: null });
    expect(await tapAs(app, null, makeSunTapQuery({ ...tag, counter: 6 }))).toMatchObject({
      status: 'authentic',
      deliveredOrderId: null,
    });
    expect(await tapAs(app, seller.token, makeSunTapQuery({ ...tag, counter: 7 }))).toMatchObject({
      status: 'authentic',
      deliveredOrderId: null,
    });
    // An old counter (a clone, or a copied URL) is no fresher.
    expect(await tapAs(app, buyer.token, makeSunTapQuery({ ...tag, counter: 4 }))).toMatchObject({
      status: 'suspected_clone',
      deliveredOrderId: null,
    });
    expect((await readOrder(app, buyer.token, orderId)).status).toBe('shipped');
    expect(await custodyOf(app, chip.id)).toBe('in_transit');
    expect((await balance(app, seller.token)).nextPayableAt).toBeNull();
  });

  it('a tap before the chip has shipped delivers nothing', async () => {
    const { app, buyer, chip, tag, orderId } = await setup({ ship: false });
    expect(await tapAs(app, buyer.token, makeSunTapQuery({ ...tag, counter: 5 }))).toMatchObject({
      status: 'authentic',
      deliveredOrderId: null,
    });
    expect((await readOrder(app, buyer.token, orderId)).status).toBe('processing');
    expect(await custodyOf(app, chip.id)).toBe('dispatching');
  });
});

describe('the auto-delivery job', () => {
  it('delivers a shipment autoDeliveryDays (14) after shipping, not before, and starts the hold then', async () => {
    const { app, buyer, seller, chip, orderId, advance, now } = await setup();
    advance(14 * DAY - 60_000);
    await runAutoDelivery(app);
    expect((await readOrder(app, buyer.token, orderId)).status).toBe('shipped');
    advance(60_000);
    await runAutoDelivery(app);
    expect(await readOrder(app, buyer.token, orderId)).toMatchObject({
      status: 'delivered',
      deliveredBy: 'auto',
      deliveredAt: now().toISOString(),
    });
    expect(await custodyOf(app, chip.id)).toBe('with_owner');
    expect((await balance(app, seller.token)).nextPayableAt).toBe(
      new Date(now().getTime() + 7 * DAY).toISOString(),
    );
    // Safe to repeat.
    await runAutoDelivery(app);
    expect((await deliveredSteps(app, orderId, chip.id)).orderSteps).toHaveLength(1);
  });

  it('follows the autoDeliveryDays setting, and leaves orders already delivered alone', async () => {
    const { app, admin, buyer, orderId, advance } = await setup();
    const set = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { autoDeliveryDays: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    advance(2 * DAY);
    await runAutoDelivery(app);
    expect((await readOrder(app, buyer.token, orderId)).status).toBe('shipped');
    advance(DAY);
    await runAutoDelivery(app);
    expect((await readOrder(app, buyer.token, orderId)).deliveredBy).toBe('auto');

    const early = await setup();
    expect((await received(early.app, early.buyer.token, early.orderId)).statusCode).toBe(200);
    early.advance(30 * DAY);
    await runAutoDelivery(early.app);
    expect((await readOrder(early.app, early.buyer.token, early.orderId)).deliveredBy).toBe('buyer');
  });
});

describe('how delivery was confirmed, as the seller and the admin see it', () => {
  it("the seller's sale and the admin's order say who confirmed it; an admin's Mark Delivered says admin", async () => {
    const { app, admin, seller, buyer, orderId } = await setup();
    const tapped = await received(app, buyer.token, orderId);
    expect(tapped.statusCode).toBe(200);
    const sales = await injectAs(app, seller.token, { method: 'GET', url: '/api/my-sales' });
    expect(sales.statusCode, sales.body).toBe(200);
    expect(SaleListSchema.parse(sales.json())).toEqual([
      expect.objectContaining({ id: orderId, status: 'delivered', deliveredBy: 'buyer', priceCents: 5000 }),
    ]);
    expect(sales.body).not.toContain('addressLine1');
    const adminView = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
    });
    expect(AdminOrderSchema.parse(adminView.json()).deliveredBy).toBe('buyer');

    const second = await setup();
    const marked = await injectAs(second.app, second.admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${second.orderId}/status`,
      payload: { status: 'delivered' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(AdminOrderSchema.parse(marked.json()).deliveredBy).toBe('admin');
    expect((await readOrder(second.app, second.buyer.token, second.orderId)).deliveredBy).toBe('admin');
  });
});
