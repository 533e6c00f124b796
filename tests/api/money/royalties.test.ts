// Issue 31: creator royalties. On every resale, offline transfer and hand-over by tap the chip's creator
// receives creatorRoyaltyPercent (default 5) of the price (of the fee's base for a transfer), out of the
// platform fee: the seller's 70 % is unchanged and the books still balance (decision 081).
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { MyStatsSchema } from '#shared/orders.schemas.ts';
import { SellerBalanceSchema } from '#shared/payouts.schemas.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { readOrderBooks } from '#tests/factories/orders.ts';
import { latestMailTo } from '#tests/factories/auth.ts';

type Person = Awaited<ReturnType<typeof insertUser>>;

const lines = async (app: App, orderId: number) =>
  (await readOrderBooks(app.db, orderId)).ledger.map((l) => [l.account, l.kind, l.userId, l.amountCents]);

async function stats(app: App, person: Person) {
  const res = await injectAs(app, person.token, { method: 'GET', url: '/api/my-stats' });
  expect(res.statusCode).toBe(200);
  return MyStatsSchema.parse(res.json());
}

/** A creator's chip, listed at $100 in the vault, sold once already to `collector` (no royalty on it). */
async function resaleWorld() {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db, { username: 'royal_creator' });
  const collector = await insertUser(app.db);
  const nextBuyer = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: creator.user.id,
    priceCents: 10_000,
    highestPriceCents: 0,
  });
  const firstSale = await buyAndPay(app, collector.token, chip.id);
  return { app, admin, creator, collector, nextBuyer, chip, firstSale };
}

describe('creator royalties on resales', () => {
  it('a first sale pays none; a resale pays the creator 5% out of the fee, the seller keeps 70%, and the books balance', async () => {
    const { app, admin, creator, collector, nextBuyer, chip, firstSale } = await resaleWorld();
    expect(await lines(app, firstSale)).toEqual([
      ['seller', 'seller_proceeds', creator.user.id, 7_000],
      ['platform', 'platform_fee', null, 3_000],
    ]);

    const relist = await injectAs(app, collector.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '100.00' },
    });
    expect(relist.statusCode, relist.body).toBe(200);
    const resale = await buyAndPay(app, nextBuyer.token, chip.id);
    expect(await lines(app, resale)).toEqual([
      ['seller', 'seller_proceeds', collector.user.id, 7_000],
      ['platform', 'platform_fee', null, 3_000],
      ['seller', 'creator_royalty', creator.user.id, 500],
      ['platform', 'creator_royalty', null, -500],
    ]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    // The creator's statistics and balance count it; the seller's are the 70%.
    expect(await stats(app, creator)).toMatchObject({ sold: 1, revenueCents: 7_000, royaltiesCents: 500 });
    expect(await stats(app, collector)).toMatchObject({ sold: 1, revenueCents: 7_000, royaltiesCents: 0 });
    // The sold e-mail to the reseller says what part of the fee is the creator's.
    const mail = await latestMailTo(app.db, collector.user.email, 'chip-sold');
    expect(mail!.text).toContain("Of it, $5.00 goes to the chip's creator as their royalty.");
    expect(mail!.text).toContain('You receive $70.00.');
  });

  it("is payable with the resale's proceeds, after the same holds", async () => {
    const { app, admin, creator, collector, nextBuyer, chip } = await resaleWorld();
    await injectAs(app, collector.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '100.00' },
    });
    await buyAndPay(app, nextBuyer.token, chip.id);
    const balance = async () =>
      SellerBalanceSchema.parse(
        (await injectAs(app, creator.token, { method: 'GET', url: '/api/my-payouts' })).json(),
      );
    // Held like proceeds: the default hold has not passed, so the first sale's 70 and the royalty wait.
    expect(await balance()).toMatchObject({ payableCents: 0, pendingCents: 7_500 });
    const setHolds = async (payload: object) => {
      const res = await injectAs(app, admin.token, {
        method: 'PUT',
        url: '/api/admin/site-settings',
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await setHolds({ payoutHoldDays: 0 });
    // The first sale's 70 is payable; the royalty rides on the resale, a fast flip (the collector bought
    // it minutes ago), so it waits with that sale's proceeds for the flip hold.
    expect(await balance()).toMatchObject({ payableCents: 7_000, pendingCents: 500 });
    await setHolds({ flipHoldDays: 0 });
    expect(await balance()).toMatchObject({ payableCents: 7_500, pendingCents: 0 });
  });

  it('an admin refund of the resale takes the royalty back with the rest', async () => {
    const { app, admin, creator, collector, nextBuyer, chip } = await resaleWorld();
    await injectAs(app, collector.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '100.00' },
    });
    const resale = await buyAndPay(app, nextBuyer.token, chip.id);
    const refund = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${resale}/refund`,
      payload: { reason: 'Changed our minds for the test' },
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    expect(await stats(app, creator)).toMatchObject({ royaltiesCents: 0 });
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('follows the setting, and is never more than the platform fee', async () => {
    const { app, admin, creator, collector, nextBuyer, chip } = await resaleWorld();
    const set = (payload: object) =>
      injectAs(app, admin.token, { method: 'PUT', url: '/api/admin/site-settings', payload });
    expect((await set({ creatorRoyaltyPercent: '45.00' })).statusCode).toBeLessThan(300);
    await injectAs(app, collector.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '100.00' },
    });
    const resale = await buyAndPay(app, nextBuyer.token, chip.id);
    // 45% of $100 is more than the 30% fee: the creator gets the whole fee, the platform nothing, never less.
    expect(await lines(app, resale)).toContainEqual(['seller', 'creator_royalty', creator.user.id, 3_000]);
    expect(await lines(app, resale)).toContainEqual(['seller', 'seller_proceeds', collector.user.id, 7_000]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});

describe('creator royalties on transfers', () => {
  async function transferWorld(ownedByCreator: boolean) {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const creator = await insertUser(app.db);
    const owner = ownedByCreator ? creator : await insertUser(app.db);
    const friend = await insertUser(app.db);
    // Sold before at $50, so the fee is 30% of $50 = $15.00 and the royalty 5% of $50 = $2.50.
    const chip = await insertChip(app.db, {
      creatorId: creator.user.id,
      priceCents: 4000,
      highestPriceCents: 5000,
      status: 'inactive',
    });
    if (!ownedByCreator) {
      const { chips } = await import('#server/modules/chips/chips.table.ts');
      const { eq } = await import('drizzle-orm');
      await app.db.update(chips).set({ ownerId: owner.user.id }).where(eq(chips.id, chip.id));
    }
    const placed = await injectAs(app, owner.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/transfer`,
      payload: { recipient: `@${friend.user.username}` },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = CheckoutResponseSchema.parse(placed.json());
    const paid = await injectAs(app, owner.token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
    expect(paid.statusCode, paid.body).toBe(200);
    return { app, admin, creator, orderId };
  }

  it("a collector's transfer pays the creator 5% of the fee's base out of the fee", async () => {
    const { app, admin, creator, orderId } = await transferWorld(false);
    expect(await lines(app, orderId)).toEqual([
      ['platform', 'transfer_fee', null, 1_500],
      ['seller', 'creator_royalty', creator.user.id, 250],
      ['platform', 'creator_royalty', null, -250],
    ]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
    expect(await stats(app, creator)).toMatchObject({ royaltiesCents: 250 });
  });

  it("the creator's own transfer pays no royalty to themselves", async () => {
    const { app, orderId } = await transferWorld(true);
    expect(await lines(app, orderId)).toEqual([['platform', 'transfer_fee', null, 1_500]]);
  });
});

describe('the creatorRoyaltyPercent setting', () => {
  it('is public, admin-only to change, and refused outside 0–100 in words', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const user = await insertUser(app.db);
    const settings = await injectAs(app, null, { method: 'GET', url: '/api/site-settings' });
    expect(settings.json()).toMatchObject({ creatorRoyaltyPercent: '5.00' });
    const put = (token: string | null, creatorRoyaltyPercent: string) =>
      injectAs(app, token, {
        method: 'PUT',
        url: '/api/admin/site-settings',
        payload: { creatorRoyaltyPercent },
      });
    const bad = await put(admin.token, '101');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Must be between 0 and 100');
    expect((await put(user.token, '7.50')).statusCode).toBe(403);
    expect((await put(null, '7.50')).statusCode).toBe(401);
    expect((await put(admin.token, '7.50')).statusCode).toBeLessThan(300);
    expect((await injectAs(app, null, { method: 'GET', url: '/api/site-settings' })).json()).toMatchObject({
      creatorRoyaltyPercent: '7.50',
    });
  });
});
