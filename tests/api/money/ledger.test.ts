// Issue 11: the ledger. Payouts through Stripe Connect and PayPal Payouts (local fakes), batch
// payouts, accounting and its CSV, and a property test of the ledger's invariants after every step of
// random sequences of sales, mints, offers, refunds, transfers, hand-overs and payouts (issue 26).
import fc from 'fast-check';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { StartHandoverResponseSchema, ClaimResponseSchema } from '#shared/handovers.schemas.ts';
import { AccountingSchema } from '#shared/ledger.schemas.ts';
import { TapResultSchema } from '#shared/nfc.schemas.ts';
import { splitSale } from '#shared/pricing.ts';
import { toPricingSettings } from '#shared/settings.schemas.ts';
import {
  PayoutAccountSchema,
  PayoutBatchResultSchema,
  PayoutSchema,
  SellerBalanceSchema,
} from '#shared/payouts.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import type { ChipRow } from '#server/modules/chips/index.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import type { OrderRow } from '#server/modules/orders/index.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { completeOrderPayment } from '#server/flows/settlement/index.ts';
import { applyDisputeSignal } from '#server/flows/disputes/index.ts';
import { readAccountTotals } from '#server/modules/ledger/index.ts';
import { paymentEvents } from '#server/modules/payments/payments.table.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, paidSale, readReconciliation } from '#tests/helpers/money.ts';
import { ledgerViolations, payoutViolations } from '#tests/helpers/ledger-books.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertOrder, readOrderBooks } from '#tests/factories/orders.ts';
import { insertNfcTag, type TagKeys } from '#tests/factories/nfc.ts';
import { startFakeStripeConnect, type FakeStripeConnect } from '#tests/helpers/fake-stripe-connect.ts';
import { startFakePaypalPayouts, type FakePaypalPayouts } from '#tests/helpers/fake-paypal-payouts.ts';

let key = 0;

/** A paid vault sale of a new chip of `sellerId` at `cents`, through the one payment path. */
const sale = paidSale;

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
      payload: { currentPassword: seller.password },
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
      payload: { payoutHoldDays: 0, payoutDestinationHoldHours: 0 },
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
      payload: { payoutHoldDays: 0, payoutDestinationHoldHours: 0 },
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
      payload: {
        method: 'paypal_payouts',
        paypalEmail: 'seller@paypal.example',
        currentPassword: seller.password,
      },
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

/**
 * The ledger's invariants under random sequences of everything that moves money (vault and shipped
 * sales, resales, mints with commissions, offers, admin refunds, duplicate payments, deliveries,
 * shipments from the vault, transfers, hand-overs by tap, seller and affiliate payouts), checked after
 * every step (tests/helpers/ledger-books.ts says which). Each run starts from an empty database with
 * rate limits off, so a failure is the sequence's own: it names the steps up to the one that broke
 * the books. Seeded: the same sequences on every run; LEDGER_SEED=<n> replays another.
 */
const DEFAULT_LEDGER_SEED = 1;

describe('ledger invariants (property)', () => {
  const seed = Number(process.env.LEDGER_SEED ?? DEFAULT_LEDGER_SEED);
  const cents = fc.integer({ min: 100, max: 50_000 });
  // Recent orders first (pick 0 is the latest): they are the ones still refundable, shippable, movable.
  const pick = fc.nat(5);
  const step = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('sale' as const),
        seller: fc.nat(2),
        buyer: fc.nat(3),
        cents,
        highest: fc.oneof(fc.constant(0), cents),
        ship: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('resale' as const),
        pick,
        buyer: fc.nat(2),
        cents,
        ship: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('mint' as const),
        cents: fc.integer({ min: 500, max: 5000 }),
        byReferred: fc.boolean(),
        ship: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('offer' as const),
        seller: fc.nat(2),
        cents: fc.integer({ min: 500, max: 50_000 }),
        offered: fc.integer({ min: 100, max: 50_000 }),
        ship: fc.boolean(),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('shipFromVault' as const), pick }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('transfer' as const), pick, to: fc.nat(2) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('handover' as const),
        pick,
        to: fc.nat(2),
        ownerPays: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('payout' as const), who: fc.nat(2), affiliate: fc.boolean() }),
    },
    // Decision 076: a card dispute of a paid order; while it is open a payout of its seller (or of the
    // mint's affiliates) is tried, then the dispute is won or lost. Generated last: the seed walks the
    // steps above as before.
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('dispute' as const),
        pick,
        lost: fc.boolean(),
        who: fc.nat(2),
        affiliate: fc.boolean(),
      }),
    },
  );
  type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

  /** What the runs did (not what they tried): the seeded runs must reach every one of these. */
  const MUST_SEE = [
    'sale:store',
    'sale:ship',
    'resale',
    'mint with commissions',
    'offer',
    'refund:purchase',
    'refund:shipping order',
    'refund:mint shipped',
    'refund:mint with commissions',
    'duplicate payment refunded',
    'delivered',
    'shipped from the vault',
    'transfer',
    'hand-over, owner pays',
    'hand-over, claimant pays',
    'payout:seller',
    'payout:affiliate',
    'creator royalty',
    'dispute:won',
    'dispute:lost',
    'payout while disputed',
  ] as const;
  const seen = new Map<string, number>();
  const saw = (what: (typeof MUST_SEE)[number]) => seen.set(what, (seen.get(what) ?? 0) + 1);

  it(`after any sequence of sales (vault and shipped), mints, offers, refunds, transfers, hand-overs and payouts, every order and balance adds up at every step (seed ${seed})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 20 }), async (steps) => {
        const world = await newWorld();
        for (const [n, s] of steps.entries()) {
          await applyStep(world, s);
          const royalties = await world.app.db
            .select({ id: ledgerLines.id })
            .from(ledgerLines)
            .where(eq(ledgerLines.kind, 'creator_royalty'))
            .limit(1);
          if (royalties.length > 0) saw('creator royalty');
          const where = `after the last of these steps: ${JSON.stringify(steps.slice(0, n + 1))}`;
          expect(await ledgerViolations(world.app, world.admin.token, world), where).toEqual([]);
          for (const person of world.people) {
            const balance = SellerBalanceSchema.parse(
              (await injectAs(world.app, person.token, { method: 'GET', url: '/api/my-payouts' })).json(),
            );
            expect(balance.pendingCents + balance.payableCents + balance.paidCents, where).toBe(
              await earned(world.app, person.user.id),
            );
          }
        }
      }),
      { seed, numRuns: 12 },
    );
    // The default seed is chosen to reach every kind of step (a change that makes one unreachable fails
    // here); another seed says what it did not reach.
    const missed = MUST_SEE.filter((what) => !seen.has(what));
    if (process.env.LEDGER_SEED === undefined) expect(missed, 'steps the runs never reached').toEqual([]);
    else if (missed.length > 0) console.warn(`LEDGER_SEED=${seed} never reached: ${missed.join(', ')}`);
  }, 240_000);

  type Person = Awaited<ReturnType<typeof insertUser>>;
  type World = {
    app: App;
    admin: Person;
    /** Sellers 0–2 (0 is referred by 1, so mints pay two levels) and 3, a buyer referred by 0. */
    people: Person[];
    addressOf: Map<number, number>;
    orders: number[];
    proceeds: Map<number, { sellerId: number; proceedsCents: number }>;
    tags: Map<number, { keys: TagKeys; counter: number }>;
    feeBasisPoints: number;
  };

  async function newWorld(): Promise<World> {
    // Rate limits off: a long sequence from one client is not what they are for.
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    const admin = await insertAdmin(app.db);
    const settings = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { payoutHoldDays: 0, payoutDestinationHoldHours: 0 },
    });
    expect(settings.statusCode, settings.body).toBeLessThan(300);
    // Each has a payout address (a PayPal e-mail), so a seller payout is refused only for want of money.
    const top = await insertUser(app.db, { paypalEmail: 'top@paypal.example' });
    const first = await insertUser(app.db, { referredBy: top.user.id, paypalEmail: 'first@paypal.example' });
    const other = await insertUser(app.db, { paypalEmail: 'other@paypal.example' });
    const referred = await insertUser(app.db, {
      referredBy: first.user.id,
      paypalEmail: 'referred@paypal.example',
    });
    const people = [first, top, other, referred];
    const addressOf = new Map<number, number>();
    for (const p of people) addressOf.set(p.user.id, (await insertAddress(app.db, p.user.id)).id);
    return {
      app,
      admin,
      people,
      addressOf,
      orders: [],
      proceeds: new Map(),
      tags: new Map(),
      feeBasisPoints: toPricingSettings(await getSiteSettings(app)).platformFeeBasisPoints,
    };
  }

  /** The `n`th most recent of the world's orders that `want` accepts (recent ones can still move). */
  async function pickOrder(world: World, n: number, want: (o: OrderRow) => boolean = () => true) {
    if (world.orders.length === 0) return undefined;
    const rows = await world.app.db
      .select()
      .from(orders)
      .where(inArray(orders.id, world.orders))
      .orderBy(desc(orders.id));
    const fit = rows.filter(want);
    return fit.length === 0 ? undefined : fit[n % fit.length];
  }

  /** The `n`th most recent chip of the world's orders that `want` accepts, and which of its people owns it. */
  async function pickChip(world: World, n: number, want: (chip: ChipRow) => boolean) {
    const ids = [...new Set((await pickAll(world)).map((o) => o.chipId).filter((id) => id !== null))];
    if (ids.length === 0) return undefined;
    const rows = await world.app.db
      .select()
      .from(chips)
      .where(inArray(chips.id, ids))
      .orderBy(desc(chips.id));
    const fit = rows
      .map((chip) => ({
        chip,
        owner: world.people.find((p) => p.user.id === (chip.ownerId ?? chip.creatorId)),
      }))
      .filter(
        (c) =>
          c.owner !== undefined &&
          c.chip.reservedForUserId === null &&
          c.chip.frozenAt === null &&
          want(c.chip),
      );
    const found = fit.length === 0 ? undefined : fit[n % fit.length]!;
    return found && { chip: found.chip, owner: found.owner! };
  }

  const pickAll = (world: World) =>
    world.orders.length === 0
      ? Promise.resolve([])
      : world.app.db.select().from(orders).where(inArray(orders.id, world.orders));

  /** Kept in our vault, not listed: it may be listed, shipped or transferred. */
  const inVault = (chip: ChipRow) => chip.custody === 'in_vault' && chip.status !== 'active';

  async function chipRow(world: World, chipId: number) {
    const [chip] = await world.app.db.select().from(chips).where(eq(chips.id, chipId));
    return chip!;
  }

  const pay = async (world: World, token: string, orderId: number) => {
    const paid = await injectAs(world.app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
    expect(paid.statusCode, paid.body).toBe(200);
    world.orders.push(orderId);
  };

  /** `buyer` checks the chip out and pays; records what the sale promises its seller. */
  async function buy(
    world: World,
    buyer: Person,
    chipId: number,
    extra: { ship: boolean; offerId?: number },
  ) {
    const before = await chipRow(world, chipId);
    const orderId = await buyAndPay(world.app, buyer.token, chipId, {
      ...(extra.offerId === undefined ? {} : { offerId: extra.offerId }),
      ...(extra.ship
        ? { shippingOption: 'ship', shippingAddressId: world.addressOf.get(buyer.user.id)! }
        : {}),
    });
    const { order } = await readOrderBooks(world.app.db, orderId);
    expect(order.shippingCents > 0, `order #${orderId} ships, so it books shipping`).toBe(extra.ship);
    const split = splitSale({
      salePriceCents: order.basePriceCents,
      highestSaleCents: before.highestPriceCents,
      platformFeeBasisPoints: world.feeBasisPoints,
      feeBase: 'highest',
    });
    world.proceeds.set(orderId, {
      sellerId: before.ownerId ?? before.creatorId,
      proceedsCents: split.sellerProceedsCents,
    });
    world.orders.push(orderId);
    return orderId;
  }

  async function applyStep(world: World, s: Step): Promise<void> {
    const { app, admin, people } = world;
    if (s.kind === 'sale') {
      const seller = people[s.seller]!;
      const buyer = s.buyer === s.seller ? people[3]! : people[s.buyer]!;
      const chip = await insertChip(app.db, {
        creatorId: seller.user.id,
        priceCents: s.cents,
        highestPriceCents: s.highest,
      });
      await buy(world, buyer, chip.id, { ship: s.ship });
      saw(s.ship ? 'sale:ship' : 'sale:store');
    } else if (s.kind === 'resale') {
      // A chip of a past order, put back on sale by whoever owns it now and bought by someone else.
      const picked = await pickChip(world, s.pick, inVault);
      if (!picked) return;
      const { chip, owner } = picked;
      const listed = await injectAs(app, owner.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/resell`,
        payload: { priceUsd: (s.cents / 100).toFixed(2) },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const buyer = people.filter((p) => p !== owner)[s.buyer]!;
      await buy(world, buyer, chip.id, { ship: s.ship });
      saw('resale');
    } else if (s.kind === 'mint') {
      const buyer = s.byReferred ? people[3]! : people[0]!;
      const shippingCents = s.ship ? 2500 : 0;
      const order = await insertOrder(app.db, {
        buyerId: buyer.user.id,
        basePriceCents: s.cents,
        shippingCents,
        totalCents: s.cents + shippingCents,
        shippingOption: s.ship ? 'ship' : 'store',
      });
      const paid = await completeOrderPayment(app, {
        orderId: order.id,
        provider: 'demo',
        eventKey: `pay-${++key}`,
        amountCents: order.totalCents,
        currency: 'USD',
      });
      expect(paid.outcome).toBe('completed');
      world.orders.push(order.id);
      if ((await readOrderBooks(app.db, order.id)).commissions.length > 0) saw('mint with commissions');
    } else if (s.kind === 'offer') {
      // A sale at an accepted offer's price, through the API: offer, accept, checkout, pay.
      const seller = people[s.seller]!;
      const buyer = people[3]!;
      const chip = await insertChip(app.db, {
        creatorId: seller.user.id,
        priceCents: s.cents,
        highestPriceCents: 0,
      });
      const offer = await injectAs(app, buyer.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/offers`,
        payload: { amountUsd: (s.offered / 100).toFixed(2) },
      });
      expect(offer.statusCode, offer.body).toBe(200);
      const offerId = offer.json<{ id: number }>().id;
      const accepted = await injectAs(app, seller.token, {
        method: 'POST',
        url: `/api/offers/${offerId}/accept`,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const orderId = await buy(world, buyer, chip.id, { ship: s.ship, offerId });
      expect((await readOrderBooks(app.db, orderId)).order.basePriceCents).toBe(s.offered);
      saw('offer');
    } else if (s.kind === 'refund') {
      // A paid order; refused (409) once its chip has moved on or it has shipped.
      const order = await pickOrder(world, s.pick, (o) => o.paymentStatus === 'completed');
      if (!order) return;
      const { commissions } = await readOrderBooks(app.db, order.id);
      const res = await injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refund`,
        payload: { reason: 'property test' },
      });
      expect([201, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 201) {
        if (order.orderType === 'purchase') saw('refund:purchase');
        if (order.orderType === 'shipping') saw('refund:shipping order');
        if (order.orderType === 'mint' && order.shippingCents > 0) saw('refund:mint shipped');
        if (commissions.length > 0) saw('refund:mint with commissions');
      }
    } else if (s.kind === 'duplicate') {
      const order = await pickOrder(world, s.pick);
      if (!order) return;
      const again = await completeOrderPayment(app, {
        orderId: order.id,
        provider: order.paymentProvider,
        eventKey: `dup-${++key}`,
        amountCents: order.totalCents,
        currency: 'USD',
      });
      if (again.refundId !== undefined) saw('duplicate payment refunded');
    } else if (s.kind === 'deliver') {
      // A paid order that ships a chip, sent and delivered by the admin (a sale's money settles then).
      const order = await pickOrder(
        world,
        s.pick,
        (o) =>
          o.paymentStatus === 'completed' &&
          (o.status === 'processing' || o.status === 'completed') &&
          ((o.orderType === 'purchase' && o.shippingOption === 'ship') || o.orderType === 'shipping'),
      );
      if (!order) return;
      const move = (payload: object) =>
        injectAs(app, admin.token, { method: 'PATCH', url: `/api/admin/orders/${order.id}/status`, payload });
      const shipped = await move({ status: 'shipped', carrier: 'UPS', trackingNumber: `1Z${order.id}` });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const delivered = await move({ status: 'delivered' });
      expect(delivered.statusCode, delivered.body).toBe(200);
      saw('delivered');
    } else if (s.kind === 'shipFromVault') {
      // The owner of a vaulted chip has it shipped to them (a shipping order: all of it is shipping).
      const picked = await pickChip(world, s.pick, inVault);
      if (!picked) return;
      const { chip, owner } = picked;
      const placed = await injectAs(app, owner.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/ship`,
        payload: { shippingAddressId: world.addressOf.get(owner.user.id)! },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      await pay(world, owner.token, CheckoutResponseSchema.parse(placed.json()).orderId);
      saw('shipped from the vault');
    } else if (s.kind === 'transfer') {
      // A chip of a past order, handed by whoever owns it now to someone else by name, fee paid.
      const picked = await pickChip(
        world,
        s.pick,
        (chip) => inVault(chip) || (chip.custody === 'with_owner' && chip.status !== 'active'),
      );
      if (!picked) return;
      const { chip, owner } = picked;
      const to = people.filter((p) => p !== owner)[s.to]!;
      const placed = await injectAs(app, owner.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/transfer`,
        payload: { recipient: to.user.username },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      await pay(world, owner.token, CheckoutResponseSchema.parse(placed.json()).orderId);
      saw('transfer');
    } else if (s.kind === 'handover') {
      await handOver(world, s);
    } else if (s.kind === 'dispute') {
      await dispute(world, s);
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
      expect([200, 201, 422], res.body).toContain(res.statusCode);
      if (res.statusCode !== 422) {
        expect(await payoutViolations(app, userId, s.affiliate ? 'affiliate' : 'seller')).toEqual([]);
        saw(s.affiliate ? 'payout:affiliate' : 'payout:seller');
      }
    }
  }

  /**
   * A dispute of a paid order (decision 076), through the disputes flow as a provider's webhook would
   * drive it: opened, the books checked and a payout tried while it is open (it pays none of the held
   * order's money), then closed won or lost.
   */
  async function dispute(world: World, s: Extract<Step, { kind: 'dispute' }>) {
    const { app, admin, people } = world;
    const order = await pickOrder(world, s.pick, (o) => o.paymentStatus === 'completed');
    if (!order) return;
    const [completion] = await app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.outcome, 'completed')));
    if (!completion) return;
    const signal = (status: 'needs_response' | 'won' | 'lost', n: number) => ({
      provider: 'demo' as const,
      eventKey: `dispute-${order.id}-${n}`,
      type: n === 0 ? 'charge.dispute.created' : 'charge.dispute.closed',
      paymentKey: completion.eventKey,
      providerDisputeId: `dp_${order.id}`,
      status,
      reason: 'fraudulent',
      amountCents: order.totalCents,
      currency: 'usd',
      evidenceDueBy: null,
    });
    const opened = await applyDisputeSignal(app, signal('needs_response', 0));
    if (opened.outcome !== 'opened') return;
    expect(await ledgerViolations(app, admin.token, world), 'while the dispute is open').toEqual([]);
    // A payout while it is open pays none of the held order's money.
    const userId = people[s.who]!.user.id;
    const held = await standingFor(world, order.id, userId);
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: s.affiliate ? `/api/admin/affiliate-payout/${userId}` : `/api/admin/payouts/sellers/${userId}`,
      payload: {},
    });
    expect([200, 201, 422], res.body).toContain(res.statusCode);
    if (res.statusCode !== 422) {
      saw('payout while disputed');
      if (s.affiliate) {
        const mine = await app.db.select().from(commissions).where(eq(commissions.orderId, order.id));
        expect(
          mine.filter((c) => c.status === 'paid'),
          'a held commission paid',
        ).toEqual([]);
      } else if (held > 0) {
        const totals = await readAccountTotals(app.db, userId, 'seller');
        expect(totals.earnedCents - totals.paidOutCents, 'held proceeds paid out').toBeGreaterThanOrEqual(
          held,
        );
      }
    }
    const closed = await applyDisputeSignal(app, signal(s.lost ? 'lost' : 'won', 1));
    expect(closed.outcome).toBe(s.lost ? 'lost' : 'won');
    saw(s.lost ? 'dispute:lost' : 'dispute:won');
    // The walk goes on with the same people: an admin lets a flagged buyer check out again.
    if (s.lost) {
      const cleared = await injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/users/${order.buyerId}/clear-dispute-flag`,
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
    }
  }

  /** What an order's allocation still gives `userId` (seller proceeds, commissions), in cents. */
  async function standingFor(world: World, orderId: number, userId: number): Promise<number> {
    const lines = await world.app.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
    return lines
      .filter((l) => l.userId === userId && (l.account === 'seller' || l.account === 'affiliate'))
      .reduce((sum, l) => sum + l.amountCents, 0);
  }

  /**
   * A chip with its owner (shipped and delivered) handed over by tap (decision 038): the owner's own
   * tap opens it, a later tap gives the claimant their token; the fee is the owner's or the claimant's.
   */
  async function handOver(world: World, s: Extract<Step, { kind: 'handover' }>) {
    const { app, people } = world;
    const picked = await pickChip(
      world,
      s.pick,
      (chip) => chip.custody === 'with_owner' && chip.status !== 'active',
    );
    if (!picked) return;
    const { chip, owner } = picked;
    let tag = world.tags.get(chip.id);
    if (!tag) {
      tag = { keys: await insertNfcTag(app, chip.id), counter: 0 };
      world.tags.set(chip.id, tag);
    }
    const tap = async (token: string) => {
      const res = await injectAs(app, token, {
        method: 'GET',
        url: `/api/artchip/tap?${makeSunTapQuery({ ...tag.keys, counter: ++tag.counter })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return TapResultSchema.parse(res.json());
    };
    const ownerTap = await tap(owner.token);
    expect(ownerTap.handoverTap, 'the owner’s tap offers to hand over').not.toBeNull();
    if (!ownerTap.handoverTap) return;
    const started = await injectAs(app, owner.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/handover`,
      payload: { feePaidBy: s.ownerPays ? 'owner' : 'claimant', tapToken: ownerTap.handoverTap.token },
    });
    expect(started.statusCode, started.body).toBe(200);
    const opened = StartHandoverResponseSchema.parse(started.json());
    if (s.ownerPays) await pay(world, owner.token, opened.orderId!);
    const claimant = people.filter((p) => p !== owner)[s.to]!;
    const claimantTap = await tap(claimant.token);
    expect(claimantTap.claim, 'a tap after the owner’s claims').not.toBeNull();
    const claimed = await injectAs(app, claimant.token, {
      method: 'POST',
      url: '/api/artchip/claim',
      payload: { token: claimantTap.claim!.token },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const answer = ClaimResponseSchema.parse(claimed.json());
    if (!s.ownerPays) await pay(world, claimant.token, answer.orderId!);
    expect((await chipRow(world, chip.id)).ownerId).toBe(claimant.user.id);
    saw(s.ownerPays ? 'hand-over, owner pays' : 'hand-over, claimant pays');
  }
});

async function earned(app: App, userId: number): Promise<number> {
  const lines = await app.db.select().from(ledgerLines).where(eq(ledgerLines.userId, userId));
  return lines
    .filter((l) => l.account === 'seller' && l.kind !== 'payout' && l.kind !== 'direct_payment')
    .reduce((s, l) => s + l.amountCents, 0);
}
