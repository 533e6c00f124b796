import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { MyArtchipListSchema, MyStatsSchema, PAYPAL_EMAIL_REQUIRED_MESSAGE } from '#shared/orders.schemas.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertOrder, purchaseBody } from '#tests/factories/orders.ts';
import type { App } from '#server/app.ts';

type Injected = { statusCode: number; json: () => unknown };

function expectError(res: Injected, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
}

async function setup() {
  const app = await buildTestApp();
  const creator = await insertUser(app.db);
  const stranger = await insertUser(app.db);
  return { app, creator, stranger };
}

/** Buys `chipId` as `token` (vaulted unless overridden) through checkout and the demo completion. */
async function buy(app: App, token: string, chipId: number) {
  const res = await injectAs(app, token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chipId),
  });
  const { orderId } = CheckoutResponseSchema.parse(res.json());
  expect(
    (await injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` })).statusCode,
  ).toBe(200);
  return orderId;
}

describe('PATCH /api/artchip/:id/activate', () => {
  it('lists the creator’s pending chip at its price', async () => {
    const { app, creator } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: creator.user.id,
      priceCents: null,
      highestPriceCents: 0,
      ...CHIP_STATES.pending,
    });
    const res = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/activate`,
      payload: { price: '42.50', description: 'Now live' },
    });
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json())).toMatchObject({
      status: 'active',
      isActive: true,
      isForSale: true,
      isAvailable: true,
      priceUsd: '42.50',
      description: 'Now live',
    });
    const events = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, chip.id));
    expect(events.map((e) => e.type)).toEqual(['listed']);
    const again = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/activate`,
      payload: { price: '1' },
    });
    expectError(again, 409, 'Only pending Artchips can be activated.');
  });

  it('answers the spec message, refuses others (a made chip is public, decision 062) and needs a session', async () => {
    const { app, creator, stranger } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id, ...CHIP_STATES.pending });
    const url = `/api/artchip/${chip.id}/activate`;
    expectError(
      await injectAs(app, creator.token, { method: 'PATCH', url, payload: {} }),
      400,
      'Price is required',
    );
    expectError(
      await injectAs(app, creator.token, { method: 'PATCH', url, payload: { price: '' } }),
      400,
      'Price is required',
    );
    expect(
      (await injectAs(app, stranger.token, { method: 'PATCH', url, payload: { price: '5' } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'PATCH', url, payload: { price: '5' } })).statusCode).toBe(401);
    expect(
      (
        await injectAs(app, creator.token, {
          method: 'PATCH',
          url: '/api/artchip/999999/activate',
          payload: { price: '5' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/artchip/:id/pricing and /availability', () => {
  it('reprices an active chip; PayPal needs a PayPal e-mail in the profile', async () => {
    const { app, creator, stranger } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: creator.user.id,
      priceCents: 2000,
      highestPriceCents: 2000,
    });
    const url = `/api/artchip/${chip.id}/pricing`;
    expectError(
      await injectAs(app, creator.token, { method: 'PATCH', url, payload: { paypalEnabled: false } }),
      400,
      'USD price is required',
    );
    expectError(
      await injectAs(app, creator.token, {
        method: 'PATCH',
        url,
        payload: { priceUsd: '30', paypalEnabled: true },
      }),
      422,
      PAYPAL_EMAIL_REQUIRED_MESSAGE,
    );
    await app.db.update(users).set({ paypalEmail: 'pay@creator.test' }).where(eq(users.id, creator.user.id));
    const res = await injectAs(app, creator.token, {
      method: 'PATCH',
      url,
      payload: { priceUsd: '30', paypalEnabled: true },
    });
    expect(ChipSchema.parse(res.json())).toMatchObject({ priceUsd: '30.00', paypalEnabled: true });
    // A listed price never raises the fee base (the highest price actually paid; issue 11).
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row!.highestPriceCents).toBe(2000);
    const cheaper = await injectAs(app, creator.token, {
      method: 'PATCH',
      url,
      payload: { priceUsd: '10', paypalEnabled: false },
    });
    expect(ChipSchema.parse(cheaper.json()).priceUsd).toBe('10.00');
    const [kept] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(kept!.highestPriceCents).toBe(2000);
    expectError(
      await injectAs(app, stranger.token, { method: 'PATCH', url, payload: { priceUsd: '1' } }),
      403,
      'Only the owner can change this Artchip.',
    );
  });

  it('unlists and relists, but not while a buyer is paying', async () => {
    const { app, creator, stranger } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id });
    const url = `/api/artchip/${chip.id}/availability`;
    const off = await injectAs(app, creator.token, { method: 'PATCH', url, payload: { isAvailable: false } });
    expect(ChipSchema.parse(off.json()).isAvailable).toBe(false);
    const on = await injectAs(app, creator.token, { method: 'PATCH', url, payload: { isAvailable: true } });
    expect(ChipSchema.parse(on.json()).isAvailable).toBe(true);
    expectError(
      await injectAs(app, creator.token, { method: 'PATCH', url, payload: {} }),
      400,
      'isAvailable must be true or false',
    );
    await injectAs(app, stranger.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expectError(
      await injectAs(app, creator.token, { method: 'PATCH', url, payload: { isAvailable: false } }),
      409,
      'This Artchip is being purchased by someone else. Please try again in a few minutes.',
    );
  });
});

describe('resale and shipping of vaulted chips', () => {
  it('lets the owner list a vaulted chip again, and the creator no longer control it', async () => {
    const { app, creator, stranger } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id, priceCents: 5000 });
    await buy(app, stranger.token, chip.id);
    const resell = await injectAs(app, stranger.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '80' },
    });
    expect(resell.statusCode).toBe(200);
    expect(ChipSchema.parse(resell.json())).toMatchObject({
      status: 'active',
      isForSale: true,
      priceUsd: '80.00',
      ownerId: stranger.user.id,
    });
    const creatorTry = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/pricing`,
      payload: { priceUsd: '1' },
    });
    expect(creatorTry.statusCode).toBe(403);
    expectError(
      await injectAs(app, stranger.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/resell`,
        payload: { priceUsd: '90' },
      }),
      409,
      'Only unlisted Artchips can be listed.',
    );
    expectError(
      await injectAs(app, stranger.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/resell`,
        payload: {},
      }),
      400,
      'USD price is required',
    );
  });

  it('ships a vaulted chip to its owner through a shipping order paid like a checkout', async () => {
    const { app, creator, stranger } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id });
    await buy(app, stranger.token, chip.id);
    const address = await insertAddress(app.db, stranger.user.id, { country: 'AU' });
    const foreign = await insertAddress(app.db, creator.user.id);
    const url = `/api/artchip/${chip.id}/ship`;
    expectError(
      await injectAs(app, stranger.token, {
        method: 'POST',
        url,
        payload: { shippingAddressId: foreign.id },
      }),
      400,
      'Please select a shipping address',
    );
    expectError(
      await injectAs(app, stranger.token, { method: 'POST', url, payload: {} }),
      400,
      'Please select a shipping address',
    );
    expect(
      (
        await injectAs(app, creator.token, {
          method: 'POST',
          url,
          payload: { shippingAddressId: foreign.id },
        })
      ).statusCode,
    ).toBe(404);
    const res = await injectAs(app, stranger.token, {
      method: 'POST',
      url,
      payload: { shippingAddressId: address.id },
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({ basePriceCents: 0, shippingCents: 2500, totalCents: 2500 });
    expect(
      (await injectAs(app, stranger.token, { method: 'POST', url: `/api/orders/${body.orderId}/complete` }))
        .statusCode,
    ).toBe(200);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({ orderType: 'shipping', status: 'processing', paymentStatus: 'completed' });
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row).toMatchObject({ shippingOption: 'ship', ownerId: stranger.user.id });
    expectError(
      await injectAs(app, stranger.token, {
        method: 'POST',
        url,
        payload: { shippingAddressId: address.id },
      }),
      409,
      'Only Artchips kept in our vault can be shipped.',
    );
  });
});

describe('GET /api/my-artchip and /api/my-stats', () => {
  it('lists created and owned chips with their user-view status, and paid mints awaiting creation', async () => {
    const { app, creator, stranger } = await setup();
    const live = await insertChip(app.db, { creatorId: creator.user.id, title: 'Live one' });
    const pending = await insertChip(app.db, {
      creatorId: creator.user.id,
      title: 'Pending one',
      ...CHIP_STATES.pending,
    });
    const hidden = await insertChip(app.db, {
      creatorId: creator.user.id,
      title: 'Hidden one',
      status: 'inactive',
    });
    const soldAway = await insertChip(app.db, {
      creatorId: creator.user.id,
      title: 'Sold one',
      priceCents: 10_000,
      highestPriceCents: 10_000,
    });
    await buy(app, stranger.token, soldAway.id);
    const paidMint = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      mintTitle: 'Coming soon',
    });
    await insertOrder(app.db, { buyerId: creator.user.id, mintTitle: 'Unpaid' });

    const res = await injectAs(app, creator.token, { method: 'GET', url: '/api/my-artchip' });
    expect(res.statusCode).toBe(200);
    const items = MyArtchipListSchema.parse(res.json());
    const byTitle = Object.fromEntries(items.map((i) => [i.title, i]));
    expect(Object.keys(byTitle).sort()).toEqual([
      'Coming soon',
      'Hidden one',
      'Live one',
      'Pending one',
      'Sold one',
    ]);
    expect(byTitle['Coming soon']).toMatchObject({
      kind: 'mint',
      userStatus: 'Pending Creation',
      orderId: paidMint.id,
      artchip: null,
    });
    expect(byTitle['Live one']).toMatchObject({
      userStatus: 'Live in Marketplace',
      canEditPricing: true,
      artchip: { id: live.id },
    });
    expect(byTitle['Pending one']).toMatchObject({
      userStatus: 'Pending',
      canActivate: true,
      artchip: { id: pending.id },
    });
    expect(byTitle['Hidden one']).toMatchObject({ userStatus: 'Inactive', artchip: { id: hidden.id } });
    expect(byTitle['Sold one']).toMatchObject({
      userStatus: 'Sold',
      isOwner: false,
      isCreator: true,
      canEditPricing: false,
    });

    const mine = MyArtchipListSchema.parse(
      (await injectAs(app, stranger.token, { method: 'GET', url: '/api/my-artchip' })).json(),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        title: 'Sold one',
        userStatus: 'In Vault',
        isOwner: true,
        canResell: true,
        canRequestShipping: true,
      }),
    ]);

    const stats = await injectAs(app, creator.token, { method: 'GET', url: '/api/my-stats' });
    expect(MyStatsSchema.parse(stats.json())).toEqual({
      minted: 4,
      sold: 1,
      revenueCents: 7000,
      proceedsPendingCents: 7000,
      royaltiesCents: 0,
    });
    expect((await app.inject({ method: 'GET', url: '/api/my-stats' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/my-artchip' })).statusCode).toBe(401);
  });
});
