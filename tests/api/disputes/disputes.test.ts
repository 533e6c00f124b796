/**
 * Disputes and chargebacks (issue 29, decision 076) against the local fake Stripe with real webhook
 * signatures: a dispute freezes the chip and holds the proceeds; lost, it reverses the ledger, books
 * the fee, takes the chip into the platform's account and flags the buyer, and the books still
 * reconcile; won, it releases everything; a chargeback of proceeds already paid out leaves a negative
 * balance the seller's next sale repays; every signal counts once, also against an admin refund.
 * Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { DisputeFileSchema, DisputeQueueSchema } from '#shared/disputes.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { SellerBalanceSchema } from '#shared/payouts.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { disputes } from '#server/modules/disputes/disputes.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { paymentEvents, refunds } from '#server/modules/payments/payments.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { readReconciliation } from '#tests/helpers/money.ts';
import { startFakeStripe, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { startFakePaypal, type FakePaypal } from '#tests/helpers/fake-paypal.ts';
import { insertAdmin, insertUser, withLongSession } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';

const DAY = 24 * 60 * 60 * 1000;
let stripe: FakeStripe;
let paypal: FakePaypal;

beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePaypal();
});
afterAll(async () => {
  await stripe.close();
  await paypal.close();
});

let runs = 0;

async function setup() {
  // Each test's own minute: the fake Stripe outlives the apps, and a PaymentIntent's idempotency key
  // is the order id and its quote time, which would otherwise repeat from one fresh database to the next.
  let now = Date.parse('2026-11-24T10:00:00Z') + ++runs * 60_000;
  const app = await buildTestApp({ env: stripe.env, clock: () => new Date(now) });
  const admin = await withLongSession(app.db, await insertAdmin(app.db));
  const seller = await withLongSession(
    app.db,
    await insertUser(app.db, { paypalEmail: 'seller@paypal.example' }),
  );
  return { app, admin, seller, advance: (ms: number) => (now += ms) };
}

type Account = { user: { id: number; email: string }; token: string };

function post(app: App, event: { payload: string; headers: Record<string, string> }) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload: event.payload,
    headers: event.headers,
  });
}

/** `buyer` buys `chipId` by card and Stripe's signed webhook pays it; answers the order and its PaymentIntent. */
async function buyByCard(app: App, buyer: Account, chipId: number) {
  const res = await injectAs(app, buyer.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chipId),
  });
  expect(res.statusCode, res.body).toBe(200);
  const checkout = CheckoutResponseSchema.parse(res.json());
  const intent = stripe.succeed(checkout.paymentIntentId!);
  expect((await post(app, stripe.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
  const [event] = await app.db.select().from(paymentEvents).where(eq(paymentEvents.eventKey, intent.id));
  expect(event?.outcome).toBe('completed');
  return { orderId: checkout.orderId, intentId: intent.id };
}

async function balance(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-payouts' });
  expect(res.statusCode).toBe(200);
  return SellerBalanceSchema.parse(res.json());
}

const sumOf = (lines: { kind: string; amountCents: number }[], kind: string) =>
  lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);

describe('card disputes', () => {
  it('created: chip frozen and proceeds held, once; lost: ledger reversed, fee booked, chip reclaimed, buyer flagged', async () => {
    const { app, admin, seller, advance } = await setup();
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    const { orderId, intentId } = await buyByCard(app, buyer, chip.id);

    const dispute = stripe.dispute(intentId);
    const created = stripe.objectEvent('charge.dispute.created', dispute);
    expect((await post(app, created)).statusCode).toBe(200);
    // The same delivery again counts once.
    expect((await post(app, created)).statusCode).toBe(200);
    expect(await app.db.select().from(disputes)).toHaveLength(1);
    expect(
      (await app.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'charge.dispute.created')))
        .length,
    ).toBe(1);

    // Frozen: the buyer cannot resell it; its page's actions say so.
    const [frozen] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(frozen!.frozenAt).not.toBeNull();
    const resell = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '150' },
    });
    expect(resell.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(resell.json()).message).toMatch(/under review/);
    // Its page says "under review" to its owner only.
    const page = (token: string | null) =>
      injectAs(app, token, { method: 'GET', url: `/api/artchip/${chip.id}` });
    expect((await page(buyer.token)).json()).toMatchObject({ underReview: true, actions: { list: false } });
    expect((await page(null)).json()).not.toHaveProperty('underReview');
    expect((await page(seller.token)).json()).not.toHaveProperty('underReview');

    // Held: past the payout hold, nothing is payable while the dispute is open.
    advance(8 * DAY);
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 0, pendingCents: 7000 });
    // An admin refund waits for the dispute.
    const refund = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      payload: { reason: 'Asked by the buyer' },
    });
    expect(refund.statusCode).toBe(409);

    // The queue shows it; the file says what the platform knows.
    const queue = DisputeQueueSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/disputes' })).json(),
    );
    expect(queue.disputes).toEqual([
      expect.objectContaining({ orderId, status: 'needs_response', amountCents: 10_000 }),
    ]);
    const id = queue.disputes[0]!.id;
    const file = DisputeFileSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/disputes/${id}` })).json(),
    );
    expect(file).toMatchObject({
      heldProceeds: true,
      canSubmitEvidence: true,
      chip: { id: chip.id, frozen: true, ownedByBuyer: true, custody: 'in_vault' },
      buyer: { id: buyer.user.id, disputeFlaggedAt: null },
    });
    expect(file.signIns.length).toBeGreaterThan(0);

    dispute.status = 'under_review';
    expect((await post(app, stripe.objectEvent('charge.dispute.updated', dispute))).statusCode).toBe(200);
    dispute.status = 'lost';
    const closed = stripe.objectEvent('charge.dispute.closed', dispute);
    expect((await post(app, closed)).statusCode).toBe(200);
    expect((await post(app, closed)).statusCode).toBe(200);

    const [row] = await app.db.select().from(disputes);
    expect(row).toMatchObject({ status: 'lost', feeCents: 1500 });
    const books = await readOrderBooks(app.db, orderId);
    expect(books.order.paymentStatus).toBe('refunded');
    expect([
      sumOf(books.lines, 'payment'),
      sumOf(books.lines, 'refund'),
      sumOf(books.lines, 'seller_proceeds'),
      sumOf(books.lines, 'platform_fee'),
      sumOf(books.lines, 'dispute_fee'),
    ]).toEqual([10_000, -10_000, 0, 0, -1500]);
    const chargebacks = await app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(chargebacks).toEqual([
      expect.objectContaining({ reason: 'chargeback', status: 'succeeded', amountCents: 10_000 }),
    ]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    // The chip is the platform's now (the support address's account), unfrozen; the buyer is flagged.
    const [taken] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    const [platform] = await app.db.select().from(users).where(eq(users.id, taken!.ownerId!));
    expect(platform!.email).toBe(app.config.mail.supportEmail);
    expect(taken!.frozenAt).toBeNull();
    const [flagged] = await app.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(flagged!.disputeFlaggedAt).not.toBeNull();
    const other = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 2000,
      highestPriceCents: 0,
    });
    const refused = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(other.id),
    });
    expect(refused.statusCode).toBe(403);
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 0, pendingCents: 0 });
    // Closed disputes leave the queue; evidence for a closed one is refused.
    expect(
      DisputeQueueSchema.parse(
        (await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/disputes' })).json(),
      ).disputes,
    ).toEqual([]);
    const late = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/disputes/${id}/evidence`,
      payload: { uncategorizedText: 'Too late' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('won: the proceeds and the chip are released; evidence goes to Stripe from the admin', async () => {
    const { app, admin, seller, advance } = await setup();
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    const { intentId } = await buyByCard(app, buyer, chip.id);
    const dispute = stripe.dispute(intentId, { reason: 'product_not_received' });
    expect((await post(app, stripe.objectEvent('charge.dispute.created', dispute))).statusCode).toBe(200);
    const [row] = await app.db.select().from(disputes);
    const url = `/api/admin/disputes/${row!.id}/evidence`;

    expect(
      (await injectAs(app, buyer.token, { method: 'POST', url, payload: { uncategorizedText: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await injectAs(app, admin.token, { method: 'POST', url, payload: {} })).statusCode).toBe(400);
    expect(
      (
        await injectAs(app, admin.token, {
          method: 'POST',
          url: '/api/admin/disputes/999999/evidence',
          payload: { uncategorizedText: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const sent = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      payload: {
        uncategorizedText: 'Kept in our vault; tapped by the buyer twice.',
        customerEmailAddress: buyer.user.email,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(DisputeFileSchema.parse(sent.json()).dispute).toMatchObject({ status: 'under_review' });
    expect(stripe.disputes.get(dispute.id)).toMatchObject({
      status: 'under_review',
      evidence: {
        uncategorized_text: 'Kept in our vault; tapped by the buyer twice.',
        customer_email_address: buyer.user.email,
      },
    });

    advance(8 * DAY);
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 0 });
    dispute.status = 'won';
    expect((await post(app, stripe.objectEvent('charge.dispute.closed', dispute))).statusCode).toBe(200);
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 7000 });
    const [free] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(free).toMatchObject({ frozenAt: null, ownerId: buyer.user.id });
    expect(await app.db.select().from(ledgerLines).where(eq(ledgerLines.kind, 'dispute_fee'))).toEqual([]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
    expect((await injectAs(app, null, { method: 'GET', url: '/api/admin/disputes' })).statusCode).toBe(401);
  });

  it('a dispute of a chip already resold and paid out leaves a negative balance that the next sale repays', async () => {
    const { app, admin, seller, advance } = await setup();
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const collector = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    const first = await buyByCard(app, buyer, chip.id);
    // The buyer resells it at once, to someone else.
    const listed = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '120' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    await buyByCard(app, collector, chip.id);
    advance(8 * DAY);
    const paid = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/payouts/sellers/${seller.user.id}`,
      payload: { txReference: 'BANK-1' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const dispute = stripe.dispute(first.intentId);
    expect((await post(app, stripe.objectEvent('charge.dispute.created', dispute))).statusCode).toBe(200);
    // Sold on: the collector's chip is not frozen.
    const [theirs] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(theirs).toMatchObject({ frozenAt: null, ownerId: collector.user.id });
    dispute.status = 'lost';
    expect((await post(app, stripe.objectEvent('charge.dispute.closed', dispute))).statusCode).toBe(200);
    const owed = await balance(app, seller.token);
    expect(owed.payableCents).toBe(0);
    // Owed back: the first sale's 7000, less the seller's creator royalty on the buyer's resale at $120
    // (5 %, decision 081), which still waits for the fast-flip hold of that resale.
    expect(owed.pendingCents).toBe(-7000 + 600);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    // The next sale repays it first.
    const next = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 20_000,
      highestPriceCents: 0,
    });
    const other = await withLongSession(app.db, await insertUser(app.db));
    await buyByCard(app, other, next.id);
    advance(8 * DAY);
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 14_000 - 7000 });
    const repaid = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/payouts/sellers/${seller.user.id}`,
      payload: { txReference: 'BANK-2' },
    });
    expect(repaid.statusCode, repaid.body).toBe(201);
    expect(repaid.json()).toMatchObject({ amountCents: 7000 });
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});

describe('refunds made in Stripe’s dashboard', () => {
  it('count once, twice delivered or at the same moment as an admin refund of the same order', async () => {
    const { app, admin, seller } = await setup();
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 5000,
      highestPriceCents: 0,
    });
    const { orderId, intentId } = await buyByCard(app, buyer, chip.id);

    const charge = stripe.dashboardRefund(intentId);
    const event = stripe.objectEvent('charge.refunded', charge);
    const [adminRefund, hook, again] = await Promise.all([
      injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        payload: { reason: 'Asked by the buyer' },
      }),
      post(app, event),
      post(app, event),
    ]);
    expect([hook.statusCode, again.statusCode]).toEqual([200, 200]);
    expect([201, 409]).toContain(adminRefund.statusCode);

    // Let any refund in flight settle, then: one refund of the whole payment, booked once.
    await post(app, stripe.objectEvent('charge.refunded', stripe.charge(intentId)));
    const rows = await app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.filter((r) => r.status === 'succeeded').map((r) => r.amountCents)).toEqual([5000]);
    const books = await readOrderBooks(app.db, orderId);
    expect([
      sumOf(books.lines, 'payment'),
      sumOf(books.lines, 'refund'),
      sumOf(books.lines, 'seller_proceeds'),
    ]).toEqual([5000, -5000, 0]);
    expect(books.order.paymentStatus).toBe('refunded');
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('an admin refund reported back by charge.refunded counts once', async () => {
    const { app, admin, seller } = await setup();
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 5000,
      highestPriceCents: 0,
    });
    const { orderId, intentId } = await buyByCard(app, buyer, chip.id);
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      payload: { reason: 'Asked by the buyer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await post(app, stripe.objectEvent('charge.refunded', stripe.charge(intentId)))).statusCode).toBe(
      200,
    );
    expect(await app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(sumOf((await readOrderBooks(app.db, orderId)).lines, 'refund')).toBe(-5000);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('refuses a dispute event with a wrong signature', async () => {
    const { app, seller } = await setup();
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 5000,
      highestPriceCents: 0,
    });
    const { intentId } = await buyByCard(app, buyer, chip.id);
    const forged = stripe.objectEvent('charge.dispute.created', stripe.dispute(intentId), {
      secret: 'whsec_wrong',
    });
    expect((await post(app, forged)).statusCode).toBe(400);
    expect(await app.db.select().from(disputes)).toEqual([]);
  });
});

describe('PayPal disputes', () => {
  it('are verified with PayPal, recorded once, hold and freeze while open, and release when resolved for us', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z') + ++runs * 60_000;
    const app = await buildTestApp({ env: paypal.env, clock: () => new Date(now) });
    const admin = await withLongSession(app.db, await insertAdmin(app.db));
    const seller = await withLongSession(
      app.db,
      await insertUser(app.db, { paypalEmail: 'seller-pp@paypal.example' }),
    );
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
      paypalEnabled: false,
    });
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { paymentMethod: 'paypal' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = CheckoutResponseSchema.parse(res.json());
    const { order } = await readOrderBooks(app.db, orderId);
    paypal.approve(order.providerRef!);
    expect(
      (await app.inject({ method: 'POST', url: `/paypal/order/${order.providerRef}/capture` })).statusCode,
    ).toBe(200);
    const resource = {
      dispute_id: `PP-D-${runs}`,
      status: 'WAITING_FOR_SELLER_RESPONSE',
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      dispute_amount: { currency_code: 'USD', value: '100.00' },
      disputed_transactions: [{ seller_transaction_id: paypal.captureIdOf(order.providerRef!) }],
    };
    const webhook = (event: { payload: string; headers: Record<string, string> }) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        payload: event.payload,
        headers: event.headers,
      });

    const forged = paypal.webhook('CUSTOMER.DISPUTE.CREATED', resource, { webhookId: 'WH-SOMEONE-ELSE' });
    expect((await webhook(forged)).statusCode).toBe(400);
    expect(await app.db.select().from(disputes)).toEqual([]);

    const created = paypal.webhook('CUSTOMER.DISPUTE.CREATED', resource);
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await webhook(created)).statusCode).toBe(200);
    const [row] = await app.db.select().from(disputes);
    expect(row).toMatchObject({ provider: 'paypal', status: 'needs_response', amountCents: 10_000 });
    const [frozen] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(frozen!.frozenAt).not.toBeNull();
    now += 8 * DAY;
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 0 });
    // PayPal's evidence is answered at PayPal: the file says so.
    const file = DisputeFileSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/disputes/${row!.id}` })).json(),
    );
    expect(file.canSubmitEvidence).toBe(false);

    const resolved = paypal.webhook('CUSTOMER.DISPUTE.RESOLVED', {
      ...resource,
      status: 'RESOLVED',
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
    expect((await webhook(resolved)).statusCode).toBe(200);
    expect((await app.db.select().from(disputes))[0]).toMatchObject({ status: 'won' });
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 7000 });
    const [free] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(free!.frozenAt).toBeNull();
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});
