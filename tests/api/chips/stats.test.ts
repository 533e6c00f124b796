import { describe, expect, it } from 'vitest';
import { LeaderboardEntrySchema, MarketplaceStatsSchema } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { insertCommissionRow } from '#tests/factories/admin.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';

async function insertOrder(
  db: Db,
  values: Partial<typeof orders.$inferInsert> & { buyerId: number; totalCents: number },
) {
  const [row] = await db
    .insert(orders)
    .values({
      orderType: 'purchase',
      status: 'completed',
      paymentStatus: 'completed',
      paymentMethod: 'card',
      paymentProvider: 'demo',
      shippingOption: 'store',
      basePriceCents: values.totalCents,
      ...values,
    })
    .returning();
  return row!;
}

describe('GET /api/artchip/stats', () => {
  it('counts real figures from the database', async () => {
    const app = await buildTestApp();
    const empty = MarketplaceStatsSchema.parse((await app.inject('/api/artchip/stats')).json());
    expect(empty).toEqual({
      chipsListed: 0,
      chipsMinted: 0,
      activeCreators: 0,
      totalSalesCents: 0,
      collectors: 0,
      demo: { chipsListed: 0, chipsMinted: 0, activeCreators: 0, totalSalesCents: 0, collectors: 0 },
    });

    const ana = await insertUser(app.db);
    const bo = await insertUser(app.db);
    const cy = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    const gifted = await insertUser(app.db);
    await insertChip(app.db, { creatorId: ana.user.id });
    await insertChip(app.db, { creatorId: ana.user.id });
    const sold = await insertChip(app.db, {
      creatorId: bo.user.id,
      ownerId: buyer.user.id,
      ...CHIP_STATES.sold,
    });
    await insertChip(app.db, { creatorId: bo.user.id, ownerId: gifted.user.id, ...CHIP_STATES.inactive });
    await insertChip(app.db, { creatorId: cy.user.id, ...CHIP_STATES.pending });

    await insertOrder(app.db, { buyerId: buyer.user.id, chipId: sold.id, totalCents: 4_250 });
    await insertOrder(app.db, { buyerId: buyer.user.id, totalCents: 1_000 });
    // Not sales: an unpaid purchase, a failed one, and a mint.
    await insertOrder(app.db, {
      buyerId: cy.user.id,
      totalCents: 9_999,
      paymentStatus: 'pending',
      status: 'pending',
    });
    await insertOrder(app.db, { buyerId: cy.user.id, totalCents: 9_999, paymentStatus: 'failed' });
    await insertOrder(app.db, { buyerId: cy.user.id, totalCents: 1_500, orderType: 'mint' });

    const res = await app.inject('/api/artchip/stats');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=15, s-maxage=15, stale-while-revalidate=90');
    expect(MarketplaceStatsSchema.parse(res.json())).toEqual({
      chipsListed: 2,
      chipsMinted: 5,
      activeCreators: 2,
      totalSalesCents: 5_250,
      collectors: 2,
      demo: { chipsListed: 0, chipsMinted: 0, activeCreators: 0, totalSalesCents: 0, collectors: 0 },
    });
  });

  it('leaves out demo accounts: their chips, their purchases, them as creators or collectors', async () => {
    const app = await buildTestApp();
    const real = await insertUser(app.db);
    const realBuyer = await insertUser(app.db);
    const demoCreator = await insertUser(app.db, { isDemo: true });
    const demoCollector = await insertUser(app.db, { isDemo: true });
    await insertChip(app.db, { creatorId: real.user.id });
    await insertChip(app.db, { creatorId: demoCreator.user.id });
    await insertChip(app.db, { creatorId: demoCreator.user.id, ...CHIP_STATES.inactive });
    // A demo collector's purchase of a demo chip, and of a real creator's chip: neither is a sale.
    const demoSold = await insertChip(app.db, {
      creatorId: demoCreator.user.id,
      ownerId: demoCollector.user.id,
      ...CHIP_STATES.sold,
    });
    const realSoldToDemo = await insertChip(app.db, {
      creatorId: real.user.id,
      ownerId: demoCollector.user.id,
      ...CHIP_STATES.sold,
    });
    await insertOrder(app.db, { buyerId: demoCollector.user.id, chipId: demoSold.id, totalCents: 4_000 });
    await insertOrder(app.db, {
      buyerId: demoCollector.user.id,
      chipId: realSoldToDemo.id,
      totalCents: 8_000,
    });
    // A real buyer's purchase of a demo chip is a real sale, and makes a real collector.
    const demoSoldToReal = await insertChip(app.db, {
      creatorId: demoCreator.user.id,
      ownerId: realBuyer.user.id,
      ...CHIP_STATES.sold,
    });
    await insertOrder(app.db, { buyerId: realBuyer.user.id, chipId: demoSoldToReal.id, totalCents: 2_500 });

    const res = await app.inject('/api/artchip/stats');
    expect(res.statusCode).toBe(200);
    expect(MarketplaceStatsSchema.parse(res.json())).toEqual({
      chipsListed: 1,
      chipsMinted: 2,
      activeCreators: 1,
      totalSalesCents: 2_500,
      collectors: 1,
      // What the demo catalogue adds, shown beside the figures as "incl. N demo" (decision 056).
      demo: { chipsListed: 1, chipsMinted: 4, activeCreators: 1, totalSalesCents: 12_000, collectors: 1 },
    });
  });
});

describe('GET /api/top-minters', () => {
  it('ranks users by chips minted (top 10) with their earnings and referrals', async () => {
    const app = await buildTestApp();
    // User 1 is the company (spec §3), which Top Minters leaves out.
    await insertUser(app.db, { username: 'artchip' });
    const now = new Date('2025-06-30T12:00:00Z');
    const app2 = await buildTestApp({ clock: () => now, keepData: true });
    expect((await app2.inject('/api/top-minters')).json()).toEqual([]);

    const creators = [];
    for (let i = 0; i < 12; i++) {
      const { user } = await insertUser(app.db, { createdAt: new Date('2025-06-20T12:00:00Z') });
      for (let c = 0; c < (i === 11 ? 20 : i + 1); c++) await insertChip(app.db, { creatorId: user.id });
      creators.push(user);
    }
    const top = creators[11]!;
    await insertUser(app.db, { referredBy: top.id });
    await insertUser(app.db, { referredBy: top.id });
    const buyer = await insertUser(app.db);
    const order = await insertOrder(app.db, { buyerId: buyer.user.id, sellerId: top.id, totalCents: 10_000 });
    await app.db.insert(ledgerLines).values({
      entryKey: `order:${order.id}:seller_proceeds`,
      orderId: order.id,
      account: 'seller',
      userId: top.id,
      kind: 'seller_proceeds',
      amountCents: 7_000,
      reason: 'test sale',
    });
    const mint = await insertOrder(app.db, { buyerId: buyer.user.id, orderType: 'mint', totalCents: 1_500 });
    await insertCommissionRow(app.db, {
      orderId: mint.id,
      affiliateUserId: top.id,
      sourceUserId: buyer.user.id,
      level: 1,
      baseAmountCents: 1_500,
      rateBasisPoints: 1000,
      amountCents: 150,
    });

    const res = await app2.inject('/api/top-minters');
    expect(res.statusCode).toBe(200);
    const entries = LeaderboardEntrySchema.array().parse(res.json());
    expect(entries).toHaveLength(10);
    expect(entries.map((e) => e.totalMinted)).toEqual([20, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(entries[0]).toEqual({
      username: top.username,
      profileImageUrl: null,
      totalMinted: 20,
      affiliateCount: 2,
      ownSalesEarningsCents: 7_000,
      affiliateEarningsCents: 150,
      totalSalesCents: 10_000,
      joinedDaysAgo: 10,
    });
    expect(entries[1]).toMatchObject({ affiliateCount: 0, ownSalesEarningsCents: 0, totalSalesCents: 0 });
  });
});

describe('GET /api/top-minters ranking rules', () => {
  it('counts listed and sold chips of real creators only, never the company or demo accounts', async () => {
    const app = await buildTestApp();
    const company = await insertUser(app.db, { username: 'artchip' });
    expect(company.user.id).toBe(1);
    const steady = await insertUser(app.db, { username: 'steady' });
    const pendingHeavy = await insertUser(app.db, { username: 'pending_heavy' });
    const demo = await insertUser(app.db, { username: 'demo', isDemo: true });
    const demoBuyer = await insertUser(app.db, { isDemo: true });
    const realBuyer = await insertUser(app.db);
    await insertUser(app.db, { referredBy: steady.user.id });
    await insertUser(app.db, { referredBy: steady.user.id, isDemo: true });

    for (let i = 0; i < 5; i++) await insertChip(app.db, { creatorId: company.user.id });
    for (let i = 0; i < 6; i++) await insertChip(app.db, { creatorId: demo.user.id });
    // steady: 2 listed + 1 sold = 3; pending_heavy: 1 listed, plus 4 pending and 3 inactive that do not count.
    await insertChip(app.db, { creatorId: steady.user.id });
    await insertChip(app.db, { creatorId: steady.user.id });
    const sold = await insertChip(app.db, {
      creatorId: steady.user.id,
      ownerId: realBuyer.user.id,
      ...CHIP_STATES.sold,
    });
    await insertChip(app.db, { creatorId: pendingHeavy.user.id });
    for (let i = 0; i < 4; i++)
      await insertChip(app.db, { creatorId: pendingHeavy.user.id, ...CHIP_STATES.pending });
    for (let i = 0; i < 3; i++)
      await insertChip(app.db, { creatorId: pendingHeavy.user.id, ...CHIP_STATES.inactive });
    await insertOrder(app.db, {
      buyerId: realBuyer.user.id,
      sellerId: steady.user.id,
      chipId: sold.id,
      totalCents: 3_000,
    });
    // A demo account's purchase is not a sale.
    await insertOrder(app.db, { buyerId: demoBuyer.user.id, sellerId: steady.user.id, totalCents: 9_000 });

    const res = await app.inject('/api/top-minters');
    expect(res.statusCode).toBe(200);
    const entries = LeaderboardEntrySchema.array().parse(res.json());
    expect(entries.map((e) => [e.username, e.totalMinted])).toEqual([
      ['steady', 3],
      ['pending_heavy', 1],
    ]);
    expect(entries[0]).toMatchObject({ affiliateCount: 1, totalSalesCents: 3_000 });
  });
});
