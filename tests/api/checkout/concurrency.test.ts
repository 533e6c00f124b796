/**
 * Races that must end with one winner. On PostgreSQL (TEST_DB=postgres) the requests really run in
 * parallel on a connection pool; on PGlite they interleave on one connection. Both must hold.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { OfferSchema } from '#shared/offers.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { paymentEvents, refunds } from '#server/modules/payments/payments.table.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { completeOrderPayment } from '#server/flows/settlement/payments.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertOrder, purchaseBody } from '#tests/factories/orders.ts';

describe('concurrency', () => {
  it('20 buyers checking out and paying for one chip: one paid order, one owner, one set of ledger entries, no refunds', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { priceCents: 5000, highestPriceCents: 5000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => insertUser(app.db)));
    const results = await Promise.all(
      buyers.map(async ({ token }) => {
        const res = await injectAs(app, token, {
          method: 'POST',
          url: '/api/checkout',
          payload: purchaseBody(chip.id),
        });
        if (res.statusCode !== 200) return res.statusCode;
        const { orderId } = CheckoutResponseSchema.parse(res.json());
        // As the payment page does: say the payment starts, then pay (decision 033).
        const started = await injectAs(app, token, {
          method: 'POST',
          url: `/api/orders/${orderId}/payment-started`,
          payload: {},
        });
        if (started.statusCode !== 200) return started.statusCode;
        return (await injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` }))
          .statusCode;
      }),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const paid = await app.db.select().from(orders).where(eq(orders.paymentStatus, 'completed'));
    expect(paid).toHaveLength(1);
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold).toMatchObject({ ownerId: paid[0]!.buyerId, status: 'sold' });
    const ledger = await app.db.select().from(ledgerLines);
    expect(ledger.map((l) => [l.orderId, l.kind]).sort()).toEqual([
      [paid[0]!.id, 'payment'],
      [paid[0]!.id, 'platform_fee'],
      [paid[0]!.id, 'seller_proceeds'],
    ]);
  });

  it('an offer accepted while another buyer checks out: the offer wins, and the other buyer is stopped before paying', async () => {
    const app = await buildTestApp();
    const owner = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: owner.user.id, priceCents: 5000 });
    const offerer = await insertUser(app.db);
    const shopper = await insertUser(app.db);
    const made = await injectAs(app, offerer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/offers`,
      payload: { amountUsd: '45' },
    });
    const offer = OfferSchema.parse(made.json());
    const [accept, checkout] = await Promise.all([
      injectAs(app, owner.token, { method: 'POST', url: `/api/offers/${offer.id}/accept` }),
      injectAs(app, shopper.token, { method: 'POST', url: '/api/checkout', payload: purchaseBody(chip.id) }),
    ]);
    // Whichever ran first: a checkout's hold is idle until its buyer starts paying, so it yields to
    // the accepted offer (decision 033); a checkout after the acceptance is refused at once.
    expect(accept.statusCode, accept.body).toBe(200);
    expect([200, 409]).toContain(checkout.statusCode);
    if (checkout.statusCode === 200) {
      const { orderId } = CheckoutResponseSchema.parse(checkout.json());
      const started = await injectAs(app, shopper.token, {
        method: 'POST',
        url: `/api/orders/${orderId}/payment-started`,
        payload: {},
      });
      expect(started.statusCode).toBe(409);
    }
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row).toMatchObject({ reservedByOrderId: null, ownerId: owner.user.id, status: 'active' });
  });

  it('the same completion delivered 10 times at once changes the order once', async () => {
    const app = await buildTestApp();
    const top = await insertUser(app.db);
    const middle = await insertUser(app.db, { referredBy: top.user.id });
    const minter = await insertUser(app.db, { referredBy: middle.user.id });
    const order = await insertOrder(app.db, {
      buyerId: minter.user.id,
      basePriceCents: 1500,
      totalCents: 1500,
    });
    const signal = {
      orderId: order.id,
      provider: 'demo' as const,
      eventKey: 'evt_1',
      amountCents: 1500,
      currency: 'USD',
    };
    const same = await Promise.all(Array.from({ length: 10 }, () => completeOrderPayment(app, signal)));
    expect(same.map((r) => r.outcome).sort()).toEqual(['completed', ...Array<string>(9).fill('duplicate')]);
    const distinct = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        completeOrderPayment(app, { ...signal, eventKey: `evt_other_${i}` }),
      ),
    );
    expect(distinct.every((r) => r.outcome === 'already_paid')).toBe(true);
    expect(await app.db.select().from(paymentEvents).where(eq(paymentEvents.eventKey, 'evt_1'))).toHaveLength(
      1,
    );
    // Ten other payments of a paid order: each booked in and refunded once; the order's own stands.
    const lines = await app.db.select().from(ledgerLines);
    expect(lines.filter((l) => l.kind === 'payment')).toHaveLength(11);
    expect(lines.filter((l) => l.kind === 'refund')).toHaveLength(10);
    expect(lines.filter((l) => l.kind === 'mint_fee')).toHaveLength(1);
    const given = await app.db.select().from(refunds);
    expect(given.map((r) => [r.reason, r.status])).toEqual(
      Array.from({ length: 10 }, () => ['duplicate_payment', 'succeeded']),
    );
    const booked = await app.db.select().from(commissions);
    expect(booked.map((c) => [c.level, c.affiliateUserId, c.amountCents]).sort()).toEqual([
      [1, middle.user.id, 150],
      [2, top.user.id, 75],
    ]);
  });
});
