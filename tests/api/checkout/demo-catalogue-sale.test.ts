/**
 * PRODUCT.md: demo-catalogue chips can never be bought while any live payment provider is configured
 * (issue 28's loose end: "Not Actual Artchip" chips stayed purchasable once Stripe was set up). The
 * chip API stops offering Buy and Make Offer, checkout, its quote and offers refuse, and the admin's
 * Overview says to remove the demo catalogue. With demo payments only, the demo catalogue sells as
 * before. Runs on PGlite and PostgreSQL, against a local fake Stripe.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminStatsSchema } from '#shared/admin.schemas.ts';
import { ChipSchema, DEMO_CHIP_NOT_FOR_SALE_MESSAGE } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { startFakeStripe, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

async function setup(env: Record<string, string | undefined>) {
  const app = await buildTestApp({ env });
  const seller = await insertUser(app.db);
  const demoChip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500, isDemo: true });
  const realChip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const buyer = await insertUser(app.db);
  const admin = await insertAdmin(app.db);
  return { app, seller, demoChip, realChip, buyer, admin };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function expectRefused(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(422);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(DEMO_CHIP_NOT_FOR_SALE_MESSAGE);
}

async function chipAs(s: Setup, token: string, chipId: number) {
  const res = await injectAs(s.app, token, { method: 'GET', url: `/api/artchip/${chipId}` });
  expect(res.statusCode).toBe(200);
  return ChipSchema.parse(res.json());
}

async function overview(s: Setup) {
  const res = await injectAs(s.app, s.admin.token, { method: 'GET', url: '/api/admin/stats' });
  expect(res.statusCode).toBe(200);
  return AdminStatsSchema.parse(res.json());
}

describe('a demo-catalogue chip while a live provider is configured', () => {
  it('is not offered for sale, and its checkout, quote and offer are refused clearly', async () => {
    const s = await setup(stripe.env);
    const demo = await chipAs(s, s.buyer.token, s.demoChip.id);
    expect(demo.actions).toMatchObject({ buy: false, offer: false });
    expect(demo.isDemoNotForSale).toBe(true);
    // A real chip beside it sells as ever.
    const real = await chipAs(s, s.buyer.token, s.realChip.id);
    expect(real.actions).toMatchObject({ buy: true, offer: true });
    expect(real.isDemoNotForSale).toBe(false);

    expectRefused(
      await injectAs(s.app, s.buyer.token, {
        method: 'POST',
        url: '/api/checkout',
        payload: purchaseBody(s.demoChip.id),
      }),
    );
    expectRefused(
      await injectAs(s.app, s.buyer.token, {
        method: 'POST',
        url: '/api/checkout/quote',
        payload: {
          orderType: 'purchase',
          artchipId: s.demoChip.id,
          paymentMethod: 'card',
          shippingOption: 'store',
        },
      }),
    );
    expectRefused(
      await injectAs(s.app, s.buyer.token, {
        method: 'POST',
        url: `/api/artchip/${s.demoChip.id}/offers`,
        payload: { amountUsd: '20' },
      }),
    );
    // Nothing was held, ordered or offered.
    const [row] = await s.app.db.select().from(chips).where(eq(chips.id, s.demoChip.id));
    expect(row!.reservedByOrderId).toBeNull();
    expect(await s.app.db.select().from(orders).where(eq(orders.chipId, s.demoChip.id))).toHaveLength(0);
    expect(await s.app.db.select().from(offers)).toHaveLength(0);

    const paid = await injectAs(s.app, s.buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(s.realChip.id),
    });
    expect(paid.statusCode).toBe(200);
  });

  it('stays unsellable when DEMO_PAYMENTS keeps demo methods beside the live one', async () => {
    const s = await setup({ ...stripe.env, DEMO_PAYMENTS: 'true' });
    expect((await chipAs(s, s.buyer.token, s.demoChip.id)).actions.buy).toBe(false);
    expectRefused(
      await injectAs(s.app, s.buyer.token, {
        method: 'POST',
        url: '/api/checkout',
        payload: purchaseBody(s.demoChip.id, { paymentMethod: 'paypal' }),
      }),
    );
  });

  it('tells the admin on the Overview to remove the demo catalogue, until it is gone', async () => {
    const s = await setup(stripe.env);
    expect(await overview(s)).toMatchObject({ demoAvailableChips: 1, demoCatalogueNotForSale: true });
    // Once no demo chip is listed (removal takes them off the site), the notice goes.
    await s.app.db.update(chips).set({ status: 'inactive' }).where(eq(chips.id, s.demoChip.id));
    expect((await overview(s)).demoCatalogueNotForSale).toBe(false);
  });
});

describe('a demo-catalogue chip with demo payments only', () => {
  it('sells as before, and the admin is told nothing', async () => {
    const s = await setup({});
    const demo = await chipAs(s, s.buyer.token, s.demoChip.id);
    expect(demo.actions.buy).toBe(true);
    expect(demo.isDemoNotForSale).toBe(false);
    const res = await injectAs(s.app, s.buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(s.demoChip.id),
    });
    expect(res.statusCode).toBe(200);
    expect((await overview(s)).demoCatalogueNotForSale).toBe(false);
  });
});
