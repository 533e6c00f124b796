// Issue 28: shipping protection. A shipped chip priced above insuredShippingThresholdUsd (default
// $500) is insured and signed for at insuredShippingPercent (default 1.5 %) of its price: quoted,
// charged, stored on the order, booked to the shipping account, and shown on the admin's packing
// details (decision 066).
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, QuoteResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AdminOrderDetailSchema, OrderListSchema } from '#shared/orders.schemas.ts';
import { SiteSettingsSchema } from '#shared/settings.schemas.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';

async function setup(priceCents: number) {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const seller = await insertUser(app.db);
  const buyer = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents, highestPriceCents: 0 });
  return { app, admin, seller, buyer, chip };
}

async function quote(app: App, chipId: number, shippingOption: 'ship' | 'store' = 'ship') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: {
      orderType: 'purchase',
      artchipId: chipId,
      paymentMethod: 'card',
      shippingOption,
      country: 'US',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return QuoteResponseSchema.parse(res.json()).summary;
}

describe('POST /api/checkout/quote with shipping protection', () => {
  it('adds insurance and signature above $500.00 only, at 1.5 % of the price rounded half-up', async () => {
    const { app, seller } = await setup(50_000);
    const at = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 50_000 });
    const above = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 50_001 });
    const half = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 50_300 });

    expect(await quote(app, at.id)).toMatchObject({
      basePriceCents: 50_000,
      shippingCents: 1000,
      insuranceCents: 0,
      totalCents: 51_000,
    });
    expect(await quote(app, above.id)).toMatchObject({
      basePriceCents: 50_001,
      shippingCents: 1000,
      insuranceCents: 750,
      totalCents: 51_751,
    });
    // 754.5 ¢ rounds up
    expect((await quote(app, half.id)).insuranceCents).toBe(755);
    // Nothing ships from the vault, so nothing is insured.
    expect(await quote(app, above.id, 'store')).toMatchObject({ insuranceCents: 0, totalCents: 50_001 });
  });

  it("follows the admin's threshold and rate", async () => {
    const { app, admin, chip } = await setup(20_000);
    expect((await quote(app, chip.id)).insuranceCents).toBe(0);
    const saved = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { insuredShippingThresholdUsd: '100', insuredShippingPercent: '2.5' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(SiteSettingsSchema.parse(saved.json())).toMatchObject({
      insuredShippingThresholdUsd: '100',
      insuredShippingPercent: '2.5',
    });
    expect(await quote(app, chip.id)).toMatchObject({ insuranceCents: 500, totalCents: 21_500 });
  });
});

describe('PUT /api/site-settings shipping protection', () => {
  it('validates the threshold and the rate with field errors, and only admins may set them', async () => {
    const { app, admin, buyer } = await setup(1000);
    const put = (token: string | null, payload: Record<string, unknown>) =>
      injectAs(app, token, { method: 'PUT', url: '/api/site-settings', payload });

    const bad = await put(admin.token, { insuredShippingThresholdUsd: '-1', insuredShippingPercent: '101' });
    expect(bad.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(bad.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors).toMatchObject({
      insuredShippingThresholdUsd: ['Must be 0 or more'],
      insuredShippingPercent: ['Must be between 0 and 100'],
    });
    const decimals = await put(admin.token, { insuredShippingThresholdUsd: '500.001' });
    expect(ApiErrorSchema.parse(decimals.json()).fieldErrors).toMatchObject({
      insuredShippingThresholdUsd: ['Must have at most 2 decimals'],
    });
    expect((await put(buyer.token, { insuredShippingPercent: '0' })).statusCode).toBe(403);
    expect((await put(null, { insuredShippingPercent: '0' })).statusCode).toBe(401);
    const read = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/site-settings' })).json(),
    );
    expect(read).toMatchObject({ insuredShippingThresholdUsd: '500.00', insuredShippingPercent: '1.50' });
  });
});

describe('an insured purchase', () => {
  it('charges and stores the insurance, books it to the shipping account and puts it on the packing details', async () => {
    const { app, admin, buyer, chip } = await setup(100_000);
    const address = await insertAddress(app.db, buyer.user.id);
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { shippingOption: 'ship', shippingAddressId: address.id }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const checkout = CheckoutResponseSchema.parse(res.json());
    expect(checkout.summary).toMatchObject({
      shippingCents: 1000,
      insuranceCents: 1500,
      totalCents: 102_500,
    });
    const paid = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${checkout.orderId}/complete`,
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ insuranceCents: 1500, shippingCents: 1000, totalCents: 102_500 });
    const byKind = (kind: string) => books.ledger.filter((l) => l.kind === kind);
    expect(byKind('shipping_insurance')).toMatchObject([{ account: 'shipping', amountCents: 1500 }]);
    expect(byKind('shipping')).toMatchObject([{ account: 'shipping', amountCents: 1000 }]);
    // The insurance is not platform income: the fee is taken from the price alone.
    const proceeds = byKind('seller_proceeds')[0]!.amountCents;
    expect(byKind('platform_fee')[0]!.amountCents).toBe(100_000 - proceeds);
    expect(books.ledger.reduce((s, l) => s + l.amountCents, 0)).toBe(102_500);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    const mine = OrderListSchema.parse(
      (await injectAs(app, buyer.token, { method: 'GET', url: '/api/my-orders' })).json(),
    );
    expect(mine.find((o) => o.id === checkout.orderId)?.insuranceCents).toBe(1500);

    const detail = AdminOrderDetailSchema.parse(
      (
        await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${checkout.orderId}` })
      ).json(),
    );
    expect(detail.payment.insuranceCents).toBe(1500);
    expect(detail.packing).toEqual({
      declaredValueCents: 100_000,
      isInsured: true,
      requiresSignature: true,
      insuranceCents: 1500,
    });
  });

  it('a shipment exactly at the threshold ships plain: no insurance, no signature', async () => {
    const { app, admin, buyer, chip } = await setup(50_000);
    const address = await insertAddress(app.db, buyer.user.id);
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { shippingOption: 'ship', shippingAddressId: address.id }),
    });
    const { orderId } = CheckoutResponseSchema.parse(res.json());
    const detail = AdminOrderDetailSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${orderId}` })).json(),
    );
    expect(detail.packing).toEqual({
      declaredValueCents: 50_000,
      isInsured: false,
      requiresSignature: false,
      insuranceCents: 0,
    });
  });
});

describe('an insured shipment from the vault (POST /api/artchip/:id/ship)', () => {
  /** `owner` holds a chip in the vault whose highest sale was `highestPriceCents`, and asks for it home. */
  async function shipHome(highestPriceCents: number) {
    const s = await setup(highestPriceCents);
    const chip = await insertChip(s.app.db, {
      creatorId: s.seller.user.id,
      ownerId: s.buyer.user.id,
      status: 'sold',
      priceCents: highestPriceCents,
      highestPriceCents,
    });
    const address = await insertAddress(s.app.db, s.buyer.user.id);
    const res = await injectAs(s.app, s.buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/ship`,
      payload: { shippingAddressId: address.id, paymentMethod: 'card' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...s, chip, checkout: CheckoutResponseSchema.parse(res.json()) };
  }

  it('insures a chip whose highest sale is above the threshold on that value, like a purchase shipped', async () => {
    const { app, admin, buyer, checkout } = await shipHome(100_000);
    // Shipping only (no price), plus 1.5 % of the chip's $1,000.00 highest sale.
    expect(checkout.summary).toMatchObject({
      basePriceCents: 0,
      shippingCents: 1000,
      insuranceCents: 1500,
      totalCents: 2500,
    });
    const paid = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${checkout.orderId}/complete`,
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ insuranceCents: 1500, shippingCents: 1000, totalCents: 2500 });
    const byKind = (kind: string) => books.ledger.filter((l) => l.kind === kind);
    expect(byKind('shipping')).toMatchObject([{ account: 'shipping', amountCents: 1000 }]);
    expect(byKind('shipping_insurance')).toMatchObject([{ account: 'shipping', amountCents: 1500 }]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    const detail = AdminOrderDetailSchema.parse(
      (
        await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${checkout.orderId}` })
      ).json(),
    );
    expect(detail.packing).toEqual({
      declaredValueCents: 100_000,
      isInsured: true,
      requiresSignature: true,
      insuranceCents: 1500,
    });
  });

  it('ships a chip whose highest sale is at the threshold plain', async () => {
    const { checkout } = await shipHome(50_000);
    expect(checkout.summary).toMatchObject({ insuranceCents: 0, totalCents: 1000 });
  });
});
