// Issue 11: the ledger. Payouts through Stripe Connect and PayPal Payouts (local fakes), batch
// payouts, accounting and its CSV, and a property test of the ledger's invariants after random
// sequences of sales, mints, refunds and payouts.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { AccountingSchema } from '#shared/ledger.schemas.ts';
import {
  PayoutAccountSchema,
  PayoutBatchResultSchema,
  PayoutSchema,
  SellerBalanceSchema,
} from '#shared/payouts.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { completeOrderPayment } from '#server/flows/settlement/index.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertOrder, readOrderBooks } from '#tests/factories/orders.ts';
import { startFakeStripeConnect, type FakeStripeConnect } from '#tests/helpers/fake-stripe-connect.ts';
import { startFakePaypalPayouts, type FakePaypalPayouts } from '#tests/helpers/fake-paypal-payouts.ts';

let key = 0;

/** A paid vault sale of a new chip of `sellerId` at `cents`, through the one payment path. */
async function sale(app: App, sellerId: number, buyerId: number, cents: number) {
  const chip = await insertChip(app.db, { creatorId: sellerId, priceCents: cents, highestPriceCents: 0 });
  const order = await insertOrder(app.db, {
    orderType: 'purchase',
    chipId: chip.id,
    sellerId,
    buyerId,
    paymentMethod: 'card',
    shippingOption: 'store',
    basePriceCents: cents,
    totalCents: cents,
  });
  const result = await completeOrderPayment(app, {
    orderId: order.id,
    provider: 'demo',
    eventKey: `pay-${++key}`,
    amountCents: cents,
    currency: 'USD',
  });
  expect(result.outcome).toBe('completed');
  return order.id;
}

describe('payouts through the providers', () => {
  let connect: FakeStripeConnect;
  let paypal: FakePaypalPayouts;
  beforeAll(async () => {
    [connect, paypal] = await Promise.all([startFakeStripeConnect(), startFakePaypalPayouts()]);
  });
  afterAll(async () => {
    await Promise.all([connect.close(), paypal.close()]);
  });

  it('a seller onboarded with Stripe Connect is paid by one transfer, recorded once', async () => {
    const app = await buildTestApp({ env: { ...connect.env, DEMO_PAYMENTS: 'true' } });
    const admin = await insertAdmin(app.db);
    const seller = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    const onboarding = await injectAs(app, seller.token, {
      method: 'POST',
      url: '/api/my-payout-account/stripe-onboarding',
    });
    expect(onboarding.statusCode, onboarding.body).toBe(200);
    const [account] = [...connect.accounts.values()];
    connect.onboard(account!.id);
    const state = PayoutAccountSchema.parse(
      (await injectAs(app, seller.token, { method: 'GET', url: '/api/my-payout-account' })).json(),
    );
    expect(state).toMatchObject({ method: 'stripe_connect', stripeReady: true });
    expect(state.availableMethods).toContain('stripe_connect');

    await sale(app, seller.user.id, buyer.user.id, 10_000);
    const settings = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { payoutHoldDays: 0 },
    });
    expect(settings.statusCode, settings.body).toBeLessThan(300);
    const pays = [1, 2].map(() =>
      injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/payouts/sellers/${seller.user.id}`,
        payload: {},
      }),
    );
    const results = await Promise.all(pays);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const paid = PayoutSchema.parse(results.find((r) => r.statusCode === 201)!.json());
    expect(paid).toMatchObject({ method: 'stripe_connect', status: 'paid', amountCents: 7000 });
    expect(connect.transfers).toHaveLength(1);
    expect(connect.transfers[0]).toMatchObject({ amount: 7000, destination: account!.id });
    expect(paid.txReference).toBe(connect.transfers[0]!.id);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('PayPal Payouts: pending with its batch; a refused payout gives the money back to the balance', async () => {
    const app = await buildTestApp({ env: { ...paypal.env, DEMO_PAYMENTS: 'true' } });
    const admin = await insertAdmin(app.db);
    const seller = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { payoutHoldDays: 0 },
    });
    const bad = await injectAs(app, seller.token, {
      method: 'PUT',
      url: '/api/my-payout-account',
      payload: { method: 'paypal_payouts', paypalEmail: '' },
    });
    expect(bad.statusCode).toBe(400);
    const set = await injectAs(app, seller.token, {
      method: 'PUT',
      url: '/api/my-payout-account',
      payload: { method: 'paypal_payouts', paypalEmail: 'seller@paypal.example' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await sale(app, seller.user.id, buyer.user.id, 2000);

    paypal.refuseNext({ name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.' });
    const refused = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/payouts/sellers/${seller.user.id}`,
      payload: {},
    });
    expect(refused.statusCode).toBe(402);
    const balance = async () =>
      SellerBalanceSchema.parse(
        (await injectAs(app, seller.token, { method: 'GET', url: '/api/my-payouts' })).json(),
      );
    expect(await balance()).toMatchObject({ payableCents: 1400, paidCents: 0 });

    const batch = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/admin/payouts/batch',
      payload: {
        items: [
          { userId: seller.user.id, kind: 'seller' },
          { userId: buyer.user.id, kind: 'seller' },
        ],
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const { results } = PayoutBatchResultSchema.parse(batch.json());
    expect(results[0]!.payout).toMatchObject({
      method: 'paypal_payouts',
      status: 'pending',
      amountCents: 1400,
    });
    expect(results[1]).toMatchObject({ payout: null, error: expect.stringMatching(/nothing to pay/) });
    expect(paypal.batches.size).toBe(1);
    expect(await balance()).toMatchObject({ payableCents: 0, paidCents: 1400 });
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});

describe('accounting', () => {
  it('answers per day and provider, and the same as CSV', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const seller = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    await sale(app, seller.user.id, buyer.user.id, 5000);
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/accounting' });
    expect(res.statusCode).toBe(200);
    const accounting = AccountingSchema.parse(res.json());
    expect(accounting.totals).toEqual({
      moneyInCents: 5000,
      refundsCents: 0,
      feesCents: 1500,
      payoutsCents: 0,
    });
    expect(accounting.rows).toEqual([expect.objectContaining({ provider: 'demo', moneyInCents: 5000 })]);
    const csv = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/accounting.csv' });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="artchip-accounting-/);
    expect(csv.body.split('\r\n')).toEqual([
      'Day,Provider,Money in,Refunds,Fees,Payouts',
      `${accounting.rows[0]!.day},demo,50.00,0.00,15.00,0.00`,
      'Total,,50.00,0.00,15.00,0.00',
      '',
    ]);
    const bad = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/admin/accounting?from=yesterday',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await injectAs(app, buyer.token, { method: 'GET', url: '/api/admin/accounting' })).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, null, { method: 'GET', url: '/api/admin/ledger/reconciliation' })).statusCode,
    ).toBe(401);
  });

  it('the ledger refuses changes: a correction is a new line', async () => {
    const app = await buildTestApp();
    const seller = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    await sale(app, seller.user.id, buyer.user.id, 5000);
    await expect(
      app.db.update(ledgerLines).set({ amountCents: 1 }).where(eq(ledgerLines.kind, 'platform_fee')),
    ).rejects.toThrow();
    await expect(app.db.delete(ledgerLines).where(eq(ledgerLines.kind, 'platform_fee'))).rejects.toThrow();
  });
});

describe('ledger invariants (property)', () => {
  it('after any sequence of sales, offers, mints, transfers, refunds and payouts every order and balance adds up', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { payoutHoldDays: 0 },
    });
    const people = await Promise.all([0, 1, 2].map(() => insertUser(app.db)));
    const referred = await insertUser(app.db, { referredBy: people[0]!.user.id });
    const orders: number[] = [];
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('sale' as const),
        seller: fc.nat(2),
        buyer: fc.nat(2),
        cents: fc.integer({ min: 100, max: 50_000 }),
      }),
      fc.record({ kind: fc.constant('mint' as const), cents: fc.integer({ min: 500, max: 5000 }) }),
      fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant('payout' as const), who: fc.nat(2), affiliate: fc.boolean() }),
      fc.record({ kind: fc.constant('transfer' as const), pick: fc.nat(50), to: fc.nat(3) }),
      fc.record({
        kind: fc.constant('offer' as const),
        seller: fc.nat(2),
        cents: fc.integer({ min: 500, max: 50_000 }),
        offered: fc.integer({ min: 100, max: 50_000 }),
      }),
    );
    const everyone = [...people, referred];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'sale') {
            const seller = people[s.seller]!.user.id;
            const buyer = s.buyer === s.seller ? referred.user.id : people[s.buyer]!.user.id;
            orders.push(await sale(app, seller, buyer, s.cents));
          } else if (s.kind === 'mint') {
            const order = await insertOrder(app.db, {
              buyerId: referred.user.id,
              basePriceCents: s.cents,
              totalCents: s.cents,
            });
            await completeOrderPayment(app, {
              orderId: order.id,
              provider: 'demo',
              eventKey: `pay-${++key}`,
              amountCents: s.cents,
              currency: 'USD',
            });
            orders.push(order.id);
          } else if (s.kind === 'refund' && orders.length > 0) {
            const res = await injectAs(app, admin.token, {
              method: 'POST',
              url: `/api/admin/orders/${orders[s.pick % orders.length]}/refund`,
              payload: { reason: 'property test' },
            });
            expect([201, 409]).toContain(res.statusCode);
          } else if (s.kind === 'duplicate' && orders.length > 0) {
            const orderId = orders[s.pick % orders.length]!;
            const { order } = await readOrderBooks(app.db, orderId);
            await completeOrderPayment(app, {
              orderId,
              provider: 'demo',
              eventKey: `dup-${++key}`,
              amountCents: order.totalCents,
              currency: 'USD',
            });
          } else if (s.kind === 'transfer' && orders.length > 0) {
            // The chip of a past order, handed by whoever owns it now to someone else, fee paid.
            const { order } = await readOrderBooks(app.db, orders[s.pick % orders.length]!);
            if (order.chipId === null) continue;
            const [chip] = await app.db.select().from(chips).where(eq(chips.id, order.chipId));
            const owner = everyone.find((p) => p.user.id === chip!.ownerId);
            if (!owner) continue;
            const to = everyone.filter((p) => p !== owner)[s.to % (everyone.length - 1)]!;
            const placed = await injectAs(app, owner.token, {
              method: 'POST',
              url: `/api/artchip/${order.chipId}/transfer`,
              payload: { recipient: to.user.username },
            });
            expect([200, 409], placed.body).toContain(placed.statusCode);
            if (placed.statusCode !== 200) continue;
            const { orderId } = CheckoutResponseSchema.parse(placed.json());
            const paid = await injectAs(app, owner.token, {
              method: 'POST',
              url: `/api/orders/${orderId}/complete`,
            });
            expect(paid.statusCode, paid.body).toBe(200);
            orders.push(orderId);
          } else if (s.kind === 'offer') {
            // A sale at an accepted offer's price, through the API: offer, accept, checkout, pay.
            const seller = people[s.seller]!;
            const chip = await insertChip(app.db, {
              creatorId: seller.user.id,
              priceCents: s.cents,
              highestPriceCents: 0,
            });
            const usd = (s.offered / 100).toFixed(2);
            const offer = await injectAs(app, referred.token, {
              method: 'POST',
              url: `/api/artchip/${chip.id}/offers`,
              payload: { amountUsd: usd },
            });
            expect(offer.statusCode, offer.body).toBe(200);
            const offerId = offer.json<{ id: number }>().id;
            const accepted = await injectAs(app, seller.token, {
              method: 'POST',
              url: `/api/offers/${offerId}/accept`,
            });
            expect(accepted.statusCode, accepted.body).toBe(200);
            const orderId = await buyAndPay(app, referred.token, chip.id, { offerId });
            expect((await readOrderBooks(app.db, orderId)).order.basePriceCents).toBe(s.offered);
            orders.push(orderId);
          } else if (s.kind === 'payout') {
            const userId = people[s.who]!.user.id;
            const res = s.affiliate
              ? await injectAs(app, admin.token, {
                  method: 'POST',
                  url: `/api/admin/affiliate-payout/${userId}`,
                  payload: {},
                })
              : await injectAs(app, admin.token, {
                  method: 'POST',
                  url: `/api/admin/payouts/sellers/${userId}`,
                  payload: {},
                });
            expect([200, 201, 422]).toContain(res.statusCode);
          }
        }
        const check = await readReconciliation(app, admin.token);
        expect(check.orderMismatches).toEqual([]);
        expect(check.balanceMismatches).toEqual([]);
        for (const person of people) {
          const balance = SellerBalanceSchema.parse(
            (await injectAs(app, person.token, { method: 'GET', url: '/api/my-payouts' })).json(),
          );
          expect(balance.payableCents).toBeGreaterThanOrEqual(0);
          expect(balance.pendingCents + balance.payableCents + balance.paidCents).toBe(
            await earned(app, person.user.id),
          );
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});

async function earned(app: App, userId: number): Promise<number> {
  const lines = await app.db.select().from(ledgerLines).where(eq(ledgerLines.userId, userId));
  return lines
    .filter((l) => l.account === 'seller' && l.kind !== 'payout' && l.kind !== 'direct_payment')
    .reduce((s, l) => s + l.amountCents, 0);
}
