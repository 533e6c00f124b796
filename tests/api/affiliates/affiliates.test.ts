import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AffiliateSummarySchema } from '#shared/affiliates.schemas.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { payouts } from '#server/modules/payouts/payouts.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import {
  listAffiliateStats,
  listCommissions,
  payOutAffiliate,
} from '#server/modules/affiliates/affiliates.service.ts';
import { completeOrderPayment } from '#server/flows/settlement/payments.service.ts';
import { auditLog } from '#server/modules/audit/audit.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertOrder, readOrderBooks } from '#tests/factories/orders.ts';
import type { App } from '#server/app.ts';

/** A chain of referrals: top ← middle ← minter. */
async function chain(app: App) {
  const top = await insertUser(app.db);
  const middle = await insertUser(app.db, { referredBy: top.user.id });
  const minter = await insertUser(app.db, { referredBy: middle.user.id });
  return { top, middle, minter };
}

async function paidMint(app: App, buyerId: number, feeCents = 1500, key = `mint-${buyerId}-${feeCents}`) {
  const order = await insertOrder(app.db, { buyerId, basePriceCents: feeCents, totalCents: feeCents });
  const result = await completeOrderPayment(app, {
    orderId: order.id,
    provider: 'demo',
    eventKey: key,
    amountCents: feeCents,
    currency: 'USD',
  });
  expect(result.outcome).toBe('completed');
  return order;
}

describe('affiliate commissions on paid mints', () => {
  it('books 10% to the referrer and 5% to the referrer’s referrer, exactly once', async () => {
    const app = await buildTestApp();
    const { top, middle, minter } = await chain(app);
    const order = await paidMint(app, minter.user.id, 3000);
    const again = await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'another-signal',
      amountCents: 3000,
      currency: 'USD',
    });
    expect(again.outcome).toBe('already_paid');
    const books = await readOrderBooks(app.db, order.id);
    expect(
      books.commissions
        .map((c) => [c.level, c.affiliateUserId, c.amountCents, c.rateBasisPoints, c.status])
        .sort(),
    ).toEqual([
      [1, middle.user.id, 300, 1000, 'pending'],
      [2, top.user.id, 150, 500, 'pending'],
    ]);
    expect(books.ledger.filter((l) => l.kind !== 'refund_due')).toEqual([
      expect.objectContaining({ kind: 'mint_fee', amountCents: 3000 }),
      expect.objectContaining({ kind: 'affiliate_commission', amountCents: 300 }),
      expect.objectContaining({ kind: 'affiliate_commission', amountCents: -300 }),
      expect.objectContaining({ kind: 'affiliate_commission', amountCents: 150 }),
      expect.objectContaining({ kind: 'affiliate_commission', amountCents: -150 }),
    ]);
  });

  it('books nothing for purchases, nor to the buyer themself', async () => {
    const app = await buildTestApp();
    const selfish = await insertUser(app.db);
    await app.db.update(users).set({ referredBy: selfish.user.id }).where(eq(users.id, selfish.user.id));
    await paidMint(app, selfish.user.id);
    const { minter } = await chain(app);
    const chip = await insertChip(app.db);
    const purchase = await insertOrder(app.db, {
      buyerId: minter.user.id,
      orderType: 'purchase',
      chipId: chip.id,
      sellerId: chip.creatorId,
      paymentMethod: 'card',
      basePriceCents: 2500,
      totalCents: 2500,
    });
    await completeOrderPayment(app, {
      orderId: purchase.id,
      provider: 'demo',
      eventKey: 'buy',
      amountCents: 2500,
      currency: 'USD',
    });
    expect(await app.db.select().from(commissions)).toEqual([]);
  });
});

describe('GET /api/affiliates/me', () => {
  it('answers the code, the link, referrals and commissions', async () => {
    const app = await buildTestApp();
    const { middle, minter } = await chain(app);
    await paidMint(app, minter.user.id, 1500);
    const res = await injectAs(app, middle.token, { method: 'GET', url: '/api/affiliates/me' });
    expect(res.statusCode).toBe(200);
    const body = AffiliateSummarySchema.parse(res.json());
    expect(body).toMatchObject({
      affiliateCode: middle.user.affiliateCode,
      link: `http://localhost:3000/?ref=${middle.user.affiliateCode}`,
      referralCount: 1,
      pendingCents: 150,
      paidCents: 0,
      totalCents: 150,
    });
    expect(body.commissions).toEqual([
      expect.objectContaining({
        commissionLevel: 1,
        commissionRate: '10.00',
        baseAmountCents: 1500,
        commissionAmountCents: 150,
        affiliateUsername: middle.user.username,
        sourceUsername: minter.user.username,
        status: 'pending',
      }),
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/affiliates/me' })).statusCode).toBe(401);
  });
});

describe('admin affiliate service', () => {
  it('lists stats and commissions, and pays out every pending commission once', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const { top, middle, minter } = await chain(app);
    await paidMint(app, minter.user.id, 2000, 'a');
    await paidMint(app, minter.user.id, 1000, 'b');
    await paidMint(app, middle.user.id, 1000, 'c');

    const stats = await listAffiliateStats(app.db);
    const byUser = Object.fromEntries(stats.map((s) => [s.userId, s]));
    expect(byUser[middle.user.id]).toMatchObject({
      referralCount: 1,
      pendingCommissionsCents: 300,
      commissionCount: 2,
    });
    expect(byUser[top.user.id]).toMatchObject({
      referralCount: 1,
      pendingCommissionsCents: 250,
      commissionCount: 3,
    });
    expect((await listCommissions(app.db, top.user.id)).map((c) => c.commissionAmountCents).sort()).toEqual([
      100, 100, 50,
    ]);
    expect(await listCommissions(app.db)).toHaveLength(5);

    const payout = await payOutAffiliate(app.db, {
      userId: top.user.id,
      adminId: admin.user.id,
      txReference: 'sig123',
    });
    expect(payout).toMatchObject({ amountCents: 250, commissionCount: 3, txReference: 'sig123' });
    const paid = await listCommissions(app.db, top.user.id);
    expect(paid.every((c) => c.status === 'paid' && c.payoutId === payout.id)).toBe(true);
    await expect(
      payOutAffiliate(app.db, { userId: top.user.id, adminId: admin.user.id }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
    expect(await app.db.select().from(payouts)).toHaveLength(1);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'affiliate.payout'));
    expect(audit).toHaveLength(1);
    await expect(payOutAffiliate(app.db, { userId: 987_654, adminId: admin.user.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
