import { describe, expect, it } from 'vitest';
import { LeaderboardEntrySchema, MarketplaceStatsSchema } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { insertCommissionRow } from '#tests/factories/admin.ts';
import { orders } from '#server/features/orders/orders.table.ts';
import { ledgerLines } from '#server/features/ledger/ledger.table.ts';
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
    });
  });
});

describe('GET /api/top-minters', () => {
  it('ranks users by chips minted (top 10) with their earnings and referrals', async () => {
    const app = await buildTestApp();
    const now = new Date('2025-06-30T12:00:00Z');
    const app2 = await buildTestApp({ clock: () => now, keepData: true });
    expect((await app2.inject('/api/top-minters')).json()).toEqual([]);

    const creators = [];
    for (let i = 0; i < 12; i++) {
      const { user } = await insertUser(app.db, { createdAt: new Date('2025-06-20T12:00:00Z') });
      for (let c = 0; c < (i === 11 ? 20 : i + 1); c++)
        await insertChip(app.db, { creatorId: user.id, ...CHIP_STATES.pending });
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
