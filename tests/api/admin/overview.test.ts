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
import { bookMint, bookPayment, bookSale, bookTransferFee } from '#server/modules/ledger/index.ts';

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
      demoChips: 0,
      demoAvailableChips: 0,
      demoCatalogueNotForSale: false,
      activeSurprizeOrders: 1,
      ordersByStatus: { pending: 2, shipped: 1 },
      // Revenue is income, not order totals: these orders booked no fee, only the factory's
      // commission, which the platform pays from its share.
      revenueCents: -300,
      pendingPayoutsCents: 300,
      pendingSellerPayoutsCents: 0,
      pendingAffiliatePayoutsCents: 300,
      totalCustomers: 4,
    });
  });

  it('counts every chip that exists, the demo catalogue included, and says how many are demo (issue 27)', async () => {
    const { app, token } = await setup();
    const { user: demoCreator } = await insertUser(app.db, { isDemo: true });
    await insertChip(app.db, { creatorId: demoCreator.id, isDemo: true });
    await insertChip(app.db, { creatorId: demoCreator.id, isDemo: true, ...CHIP_STATES.sold });
    await insertChip(app.db);
    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' });
    expect(AdminStatsSchema.parse(res.json())).toMatchObject({
      totalChips: 3,
      availableChips: 2,
      demoChips: 2,
      demoAvailableChips: 1,
    });
  });

  it("reports revenue as the platform's income from the ledger: fees less commissions, never gross sales or demo orders", async () => {
    const { app, token } = await setup();
    const { user: buyer } = await insertUser(app.db);
    const { user: seller } = await insertUser(app.db);
    const { user: affiliate } = await insertUser(app.db);
    const { user: demoCollector } = await insertUser(app.db, { isDemo: true });
    const chip = await insertChip(app.db, { creatorId: seller.id, ...CHIP_STATES.sold });

    // A $30 surprize mint with $10 shipping and a $3 commission: $27 to the platform.
    const mint = await insertOrderRow(app.db, { buyerId: buyer.id, totalCents: 4000, shippingCents: 1000 });
    await bookPayment(app.db, { order: mint, provider: 'demo', paymentKey: 'm1', amountCents: 4000 });
    await bookMint(app.db, {
      order: { ...mint, chipId: null },
      commissions: [{ affiliateUserId: affiliate.id, level: 1, amountCents: 300 }],
    });
    // A $50 sale: $35 to the seller, $15 fee.
    const sale = await insertOrderRow(app.db, {
      buyerId: buyer.id,
      orderType: 'purchase',
      chipId: chip.id,
      sellerId: seller.id,
      totalCents: 5000,
    });
    await bookPayment(app.db, { order: sale, provider: 'demo', paymentKey: 's1', amountCents: 5000 });
    await bookSale(app.db, {
      order: sale,
      sellerId: seller.id,
      sellerProceedsCents: 3500,
      directToSeller: false,
    });
    // A $7.50 transfer fee.
    const transfer = await insertOrderRow(app.db, {
      buyerId: seller.id,
      orderType: 'transfer',
      chipId: chip.id,
      transferRecipient: 'friend@example.com',
      totalCents: 750,
    });
    await bookTransferFee(app.db, { order: transfer });
    // A demo purchase: booked like any other, never counted.
    const demo = await insertOrderRow(app.db, {
      buyerId: demoCollector.id,
      orderType: 'purchase',
      chipId: chip.id,
      sellerId: seller.id,
      totalCents: 8000,
    });
    await bookSale(app.db, {
      order: demo,
      sellerId: seller.id,
      sellerProceedsCents: 5600,
      directToSeller: false,
    });

    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(200);
    expect(AdminStatsSchema.parse(res.json()).revenueCents).toBe(2700 + 1500 + 750);
  });

  it('counts sellers in pending payouts: the real sum in cents of what each is owed and not yet paid (issue 28)', async () => {
    const { app, token } = await setup();
    const { user: buyer } = await insertUser(app.db);
    const { user: seller } = await insertUser(app.db);
    const { user: directSeller } = await insertUser(app.db);
    const { user: demoSeller } = await insertUser(app.db, { isDemo: true });
    const { user: affiliate } = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: seller.id, ...CHIP_STATES.sold });
    const sell = async (sellerId: number, totalCents: number, proceedsCents: number, direct = false) => {
      const order = await insertOrderRow(app.db, {
        buyerId: buyer.id,
        orderType: 'purchase',
        chipId: chip.id,
        sellerId,
        totalCents,
        ...(direct ? { paymentMethod: 'paypal', markupCents: 1000 } : {}),
      });
      await bookPayment(app.db, {
        order,
        provider: 'demo',
        paymentKey: `p${order.id}`,
        amountCents: totalCents,
      });
      await bookSale(app.db, { order, sellerId, sellerProceedsCents: proceedsCents, directToSeller: direct });
      return order;
    };
    // Two sales owed to one seller: $35.00 + $12.34.
    const first = await sell(seller.id, 5000, 3500);
    await sell(seller.id, 1763, 1234);
    // Paid to a seller's own PayPal: nothing owed to them (they owe the fee), and it takes nothing off the others.
    await sell(directSeller.id, 5000, 3500, true);
    // The demo catalogue's sellers are never paid.
    await sell(demoSeller.id, 8000, 5600);
    await insertCommissionRow(app.db, {
      orderId: first.id,
      affiliateUserId: affiliate.id,
      sourceUserId: buyer.id,
      amountCents: 300,
    });

    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(200);
    expect(AdminStatsSchema.parse(res.json())).toMatchObject({
      pendingPayoutsCents: 3500 + 1234 + 300,
      pendingSellerPayoutsCents: 3500 + 1234,
      pendingAffiliatePayoutsCents: 300,
    });
  });

  it('is for admins only', async () => {
    const { app } = await setup();
    const { token } = await insertUser(app.db);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/stats without the demo catalogue', () => {
  it("counts demo accounts' chips as demo, and leaves out their orders and the accounts themselves", async () => {
    const { app, token } = await setup();
    const { user: buyer } = await insertUser(app.db);
    const { user: demoCreator } = await insertUser(app.db, { isDemo: true });
    const { user: demoCollector } = await insertUser(app.db, { isDemo: true });
    await insertChip(app.db, { creatorId: buyer.id });
    await insertChip(app.db, { creatorId: demoCreator.id });
    await insertChip(app.db, { creatorId: demoCreator.id, ...CHIP_STATES.sold, ownerId: demoCollector.id });
    await insertOrderRow(app.db, { buyerId: buyer.id, totalCents: 1500 });
    await insertOrderRow(app.db, {
      buyerId: demoCollector.id,
      orderType: 'purchase',
      status: 'completed',
      totalCents: 4000,
    });
    await insertOrderRow(app.db, { buyerId: demoCollector.id, isSurprize: true, totalCents: 3000 });

    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(200);
    const stats = AdminStatsSchema.parse(res.json());
    expect(stats).toMatchObject({
      // Issue 27: every chip that exists counts, and the demo ones are named as such.
      totalChips: 3,
      availableChips: 2,
      demoChips: 2,
      demoAvailableChips: 1,
      activeSurprizeOrders: 0,
      // Revenue is the ledger's platform income (no sale was booked here); the test above leaves
      // out demo buyers' fees.
      revenueCents: 0,
      totalCustomers: 1,
    });
    expect(stats.ordersByStatus).toEqual({ pending: 1 });
    // Still the admin's alone.
    const { token: userToken } = await insertUser(app.db);
    expect((await injectAs(app, userToken, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(403);
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
    expect(byId.get(made.id)).toMatchObject({
      artchipId: madeChip.id,
      canCreateArtchip: false,
      // Issue 27: the row names its chip and shows it, not just "Artchip #n".
      chipTitle: madeChip.title,
      chipImageUrl: madeChip.imageUrl,
    });
    expect(byId.get(custom.id)).toMatchObject({ chipTitle: null, chipImageUrl: null });

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
