import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AdminOrderPageSchema, AdminStatsSchema, AuditPageSchema } from '#shared/admin.schemas.ts';
import {
  AdminAffiliateSummarySchema,
  AffiliateStatsListSchema,
  CommissionListSchema,
  PayoutSchema,
} from '#shared/affiliates.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { insertCommissionRow, insertOrderRow } from '#tests/factories/admin.ts';

async function setup() {
  const app = await buildTestApp();
  const { token, user: admin } = await insertAdmin(app.db);
  return { app, token, admin };
}

describe('GET /api/admin/stats', () => {
  it('counts chips, surprize work, orders by status, revenue and pending payouts', async () => {
    const { app, token } = await setup();
    const { user: buyer } = await insertUser(app.db);
    const { user: affiliate } = await insertUser(app.db);
    await insertChip(app.db);
    await insertChip(app.db, { ...CHIP_STATES.sold });
    const paidSurprize = await insertOrderRow(app.db, {
      buyerId: buyer.id,
      isSurprize: true,
      totalCents: 3000,
    });
    await insertOrderRow(app.db, {
      buyerId: buyer.id,
      isSurprize: true,
      paymentStatus: 'pending',
      totalCents: 3000,
    });
    await insertOrderRow(app.db, { buyerId: buyer.id, status: 'shipped', totalCents: 1500 });
    await insertCommissionRow(app.db, {
      orderId: paidSurprize.id,
      affiliateUserId: affiliate.id,
      sourceUserId: buyer.id,
      amountCents: 300,
    });

    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(200);
    expect(AdminStatsSchema.parse(res.json())).toEqual({
      totalChips: 2,
      availableChips: 1,
      activeSurprizeOrders: 1,
      ordersByStatus: { pending: 2, shipped: 1 },
      revenueCents: 4500,
      pendingPayoutsCents: 300,
      totalCustomers: 4,
    });
  });
});

describe('GET /api/admin/orders', () => {
  it('lists mint orders by default with the admin order fields, media state and create-chip flag', async () => {
    const { app, token } = await setup();
    const { user: buyer } = await insertUser(app.db, { username: 'minter' });
    const custom = await insertOrderRow(app.db, {
      buyerId: buyer.id,
      mintTitle: 'Custom',
      mintAssociatedUrl: 'https://a.example',
    });
    const surprize = await insertOrderRow(app.db, {
      buyerId: buyer.id,
      isSurprize: true,
      originalImageUrl: null,
    });
    const unpaid = await insertOrderRow(app.db, { buyerId: buyer.id, paymentStatus: 'pending' });
    const madeChip = await insertChip(app.db, { creatorId: buyer.id, status: 'pending' });
    const made = await insertOrderRow(app.db, {
      buyerId: buyer.id,
      status: 'completed',
      chipId: madeChip.id,
    });
    const purchase = await insertOrderRow(app.db, { buyerId: buyer.id, orderType: 'purchase' });

    const page = AdminOrderPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/orders' })).json(),
    );
    expect(page.items.map((o) => o.id)).toEqual([made.id, unpaid.id, surprize.id, custom.id]);
    const byId = new Map(page.items.map((o) => [o.id, o]));
    expect(byId.get(custom.id)).toMatchObject({
      orderType: 'mint',
      mintTitle: 'Custom',
      mintAssociatedUrl: 'https://a.example',
      username: 'minter',
      email: buyer.email,
      orderStatus: 'pending',
      paymentStatus: 'completed',
      canCreateArtchip: true,
      mediaState: null,
    });
    expect(byId.get(surprize.id)).toMatchObject({ mediaState: 'Needs Media' });
    expect(byId.get(unpaid.id)!.canCreateArtchip).toBe(false);
    expect(byId.get(made.id)).toMatchObject({ artchipId: madeChip.id, canCreateArtchip: false });

    const purchases = AdminOrderPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/orders?type=purchase' })).json(),
    );
    expect(purchases.items.map((o) => o.id)).toEqual([purchase.id]);
    const processing = AdminOrderPageSchema.parse(
      (
        await injectAs(app, token, { method: 'GET', url: '/api/admin/orders?type=all&status=completed' })
      ).json(),
    );
    expect(processing.items.map((o) => o.id)).toEqual([made.id]);
    const bad = await injectAs(app, token, { method: 'GET', url: '/api/admin/orders?status=lost' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows Media Uploaded once a surprize order has media', async () => {
    const { app, token } = await setup();
    const { user: buyer } = await insertUser(app.db);
    await insertOrderRow(app.db, {
      buyerId: buyer.id,
      isSurprize: true,
      originalImageUrl: null,
      adminMedia: { adminImageUrl: '/media/x.png' },
    });
    const page = AdminOrderPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/orders' })).json(),
    );
    expect(page.items[0]!.mediaState).toBe('Media Uploaded');
  });
});

describe('affiliates', () => {
  async function withCommissions() {
    const ctx = await setup();
    const { user: affiliate } = await insertUser(ctx.app.db, { username: 'aff' });
    const { user: referred } = await insertUser(ctx.app.db, { referredBy: affiliate.id });
    const order = await insertOrderRow(ctx.app.db, { buyerId: referred.id });
    const order2 = await insertOrderRow(ctx.app.db, { buyerId: referred.id });
    await insertCommissionRow(ctx.app.db, {
      orderId: order.id,
      affiliateUserId: affiliate.id,
      sourceUserId: referred.id,
    });
    await insertCommissionRow(ctx.app.db, {
      orderId: order2.id,
      affiliateUserId: affiliate.id,
      sourceUserId: referred.id,
    });
    return { ...ctx, affiliate };
  }

  it("shows stats, summary and one affiliate's commissions", async () => {
    const { app, token, affiliate } = await withCommissions();
    const stats = AffiliateStatsListSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/affiliate-stats' })).json(),
    );
    expect(stats[0]).toMatchObject({
      userId: affiliate.id,
      referralCount: 1,
      pendingCommissionsCents: 300,
      commissionCount: 2,
    });
    const summary = AdminAffiliateSummarySchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/affiliates' })).json(),
    );
    expect(summary).toMatchObject({ totalCommissionsCents: 300, totalPayoutsCents: 0, activeAffiliates: 1 });
    const list = CommissionListSchema.parse(
      (
        await injectAs(app, token, {
          method: 'GET',
          url: `/api/admin/affiliate-commissions?userId=${affiliate.id}`,
        })
      ).json(),
    );
    expect(list).toHaveLength(2);
    const missing = await injectAs(app, token, { method: 'GET', url: '/api/admin/affiliate-commissions' });
    expect(missing.statusCode).toBe(400);
  });

  it('pays out: every pending commission becomes paid, audited; a second payout is refused', async () => {
    const { app, token, affiliate } = await withCommissions();
    const res = await injectAs(app, token, {
      method: 'POST',
      url: `/api/admin/affiliate-payout/${affiliate.id}`,
      payload: { txReference: 'sol-tx-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PayoutSchema.parse(res.json())).toMatchObject({
      amountCents: 300,
      commissionCount: 2,
      txReference: 'sol-tx-1',
    });
    const list = CommissionListSchema.parse(
      (
        await injectAs(app, token, {
          method: 'GET',
          url: `/api/admin/affiliate-commissions?userId=${affiliate.id}`,
        })
      ).json(),
    );
    expect(list.map((c) => c.status)).toEqual(['paid', 'paid']);
    const audit = AuditPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/audit' })).json(),
    );
    expect(audit.items[0]).toMatchObject({ action: 'affiliate.payout' });
    const again = await injectAs(app, token, {
      method: 'POST',
      url: `/api/admin/affiliate-payout/${affiliate.id}`,
      payload: {},
    });
    expect(again.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(again.json()).message).toBe('This affiliate has no pending commissions');
  });
});
