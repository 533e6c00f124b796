// Issue 11: refunds. A payment that cannot be kept goes back through its provider once, the ledger is
// reversed, commissions are clawed back and the buyer is e-mailed; an admin refunds from the order page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AdminOrderMoneySchema } from '#shared/ledger.schemas.ts';
import { AdminOrderDetailSchema } from '#shared/orders.schemas.ts';
import { RefundSchema } from '#shared/refunds.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { completeOrderPayment, processRefund } from '#server/flows/settlement/index.ts';
import { setPaymentProviders } from '#server/modules/payments/payments.registry.ts';
import { demoPaymentProvider } from '#server/modules/payments/demo.provider.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertOrder, purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';
import { startFakeStripe, type FakeStripe } from '#tests/helpers/fake-stripe.ts';

function refund(
  app: App,
  token: string | null,
  orderId: number,
  payload: object = { reason: 'Damaged in our vault' },
) {
  return injectAs(app, token, { method: 'POST', url: `/api/admin/orders/${orderId}/refund`, payload });
}

/** A seller's chip bought into the vault at `priceCents` and paid; the admin who may refund it. */
async function vaultSale(priceCents: number) {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const seller = await insertUser(app.db);
  const buyer = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents, highestPriceCents: 0 });
  const orderId = await buyAndPay(app, buyer.token, chip.id);
  return { app, admin, seller, buyer, chip, orderId };
}

describe('admin refunds', () => {
  it('refunds a vault purchase once: chip back to its seller, ledger reversed, buyer e-mailed', async () => {
    const { app, admin, seller, buyer, chip, orderId } = await vaultSale(10_000);

    const res = await refund(app, admin.token, orderId);
    expect(res.statusCode, res.body).toBe(201);
    expect(RefundSchema.parse(res.json())).toMatchObject({
      status: 'succeeded',
      amountCents: 10_000,
      reason: 'admin',
    });

    const books = await readOrderBooks(app.db, orderId);
    expect(books.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const sum = (kind: string) =>
      books.lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);
    expect([sum('payment'), sum('refund'), sum('seller_proceeds'), sum('platform_fee')]).toEqual([
      10_000, -10_000, 0, 0,
    ]);
    const [back] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(back).toMatchObject({ ownerId: seller.user.id, status: 'inactive', custody: 'in_vault' });
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.user.email));
    expect(mails.map((m) => m.subject)).toContain(`Refund for order #${orderId}`);

    // Once: the second request is refused, nothing more moves.
    expect((await refund(app, admin.token, orderId)).statusCode).toBe(409);
    expect(await app.db.select().from(refunds)).toHaveLength(1);
    const money = AdminOrderMoneySchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${orderId}/money` })).json(),
    );
    expect(money.netCashCents).toBe(0);
    expect(money.refunds).toHaveLength(1);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('claws back the commissions of a refunded mint', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const referrer = await insertUser(app.db);
    const minter = await insertUser(app.db, { referredBy: referrer.user.id });
    const order = await insertOrder(app.db, {
      buyerId: minter.user.id,
      basePriceCents: 3000,
      totalCents: 3000,
    });
    await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'pay-1',
      amountCents: 3000,
      currency: 'USD',
    });
    expect((await refund(app, admin.token, order.id)).statusCode).toBe(201);
    const [commission] = await app.db.select().from(commissions).where(eq(commissions.orderId, order.id));
    expect(commission!.status).toBe('reversed');
    const books = await readOrderBooks(app.db, order.id);
    const affiliate = books.lines
      .filter((l) => l.account === 'affiliate')
      .reduce((s, l) => s + l.amountCents, 0);
    expect(affiliate).toBe(0);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('refuses an order whose chip has moved on, and checks who asks and what they send', async () => {
    const { app, admin, buyer, chip, orderId } = await vaultSale(5000);
    const listed = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '80' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const refused = await refund(app, admin.token, orderId);
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(refused.json()).message).toMatch(/can no longer be refunded/);
    expect((await refund(app, admin.token, orderId, { reason: '  ' })).statusCode).toBe(400);
    expect((await refund(app, buyer.token, orderId)).statusCode).toBe(403);
    expect((await refund(app, null, orderId)).statusCode).toBe(401);
    expect((await refund(app, admin.token, 99_999)).statusCode).toBe(404);
  });

  it('a token refund waits for the admin to record its on-chain signature', async () => {
    const app = await buildTestApp();
    setPaymentProviders(app, [
      { ...demoPaymentProvider, refundPayment: async () => ({ status: 'manual', reference: null }) },
    ]);
    const admin = await insertAdmin(app.db);
    const minter = await insertUser(app.db);
    const order = await insertOrder(app.db, { buyerId: minter.user.id });
    await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'pay-t',
      amountCents: 1500,
      currency: 'USD',
    });
    const asked = RefundSchema.parse((await refund(app, admin.token, order.id)).json());
    expect(asked.status).toBe('manual');
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
    const signature = '5'.repeat(88);
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/refunds/${asked.id}/signature`,
      payload: { signature: 'not-a-signature' },
    });
    expect(bad.statusCode).toBe(400);
    const done = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/refunds/${asked.id}/signature`,
      payload: { signature },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(RefundSchema.parse(done.json())).toMatchObject({
      status: 'succeeded',
      providerReference: signature,
    });
    expect((await readOrderBooks(app.db, order.id)).order.paymentStatus).toBe('refunded');
    const again = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/refunds/${asked.id}/signature`,
      payload: { signature },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('an admin cancels and refunds a paid order until it ships (issue 28)', () => {
  /** A seller's chip bought to ship at `priceCents`, paid, waiting for the carrier. */
  async function shippedSale(priceCents: number) {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const seller = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents, highestPriceCents: 0 });
    const address = await insertAddress(app.db, buyer.user.id);
    const orderId = await buyAndPay(app, buyer.token, chip.id, {
      shippingOption: 'ship',
      shippingAddressId: address.id,
    });
    return { app, admin, seller, buyer, chip, orderId };
  }

  const readOrder = async (app: App, token: string, orderId: number) =>
    AdminOrderDetailSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: `/api/admin/orders/${orderId}` })).json(),
    );

  it('refunds a paid purchase still waiting for the carrier: chip back to its seller, shipping reversed too', async () => {
    const { app, admin, seller, buyer, chip, orderId } = await shippedSale(8000);
    const before = await readOrder(app, admin.token, orderId);
    expect(before).toMatchObject({ orderStatus: 'processing', refundRefusal: null });
    expect(before.actions.refund).toBe(true);

    const res = await refund(app, admin.token, orderId, { reason: 'Seller found a crack while packing' });
    expect(res.statusCode, res.body).toBe(201);
    expect(RefundSchema.parse(res.json())).toMatchObject({ status: 'succeeded', amountCents: 9000 });

    const books = await readOrderBooks(app.db, orderId);
    expect(books.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const sum = (kind: string) =>
      books.lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);
    expect([
      sum('payment'),
      sum('refund'),
      sum('shipping'),
      sum('seller_proceeds'),
      sum('platform_fee'),
    ]).toEqual([9000, -9000, 0, 0, 0]);
    const [back] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(back).toMatchObject({ ownerId: seller.user.id, status: 'inactive', custody: 'in_vault' });
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.user.email));
    expect(mails.map((m) => m.subject)).toContain(`Refund for order #${orderId}`);
    const after = await readOrder(app, admin.token, orderId);
    expect(after.actions.refund).toBe(false);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });

  it('refuses once shipped, saying why on the order and in the one error shape', async () => {
    const { app, admin, chip, orderId } = await shippedSale(8000);
    const shipped = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const detail = await readOrder(app, admin.token, orderId);
    expect(detail.actions.refund).toBe(false);
    expect(detail.refundRefusal).toBe('Shipped orders are refunded through a buyer protection case.');

    const refused = await refund(app, admin.token, orderId);
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(refused.json())).toEqual({
      code: 'CONFLICT',
      message: 'Shipped orders are refunded through a buyer protection case.',
    });
    expect(await app.db.select().from(refunds)).toHaveLength(0);
    const [still] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(still!.custody).toBe('in_transit');
  });
});

describe('automatic refunds through Stripe', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.close());

  it('a payment after the chip sold elsewhere is refunded once, even with the late webhook racing a retry', async () => {
    let now = Date.now();
    const app = await buildTestApp({ env: stripe.env, clock: () => new Date(now) });
    const admin = await insertAdmin(app.db);
    const seller = await insertUser(app.db);
    const late = await insertUser(app.db);
    const winner = await insertUser(app.db);
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 4000,
      highestPriceCents: 0,
    });
    const first = CheckoutResponseSchema.parse(
      (
        await injectAs(app, late.token, {
          method: 'POST',
          url: '/api/checkout',
          payload: purchaseBody(chip.id),
        })
      ).json(),
    );
    now += 16 * 60_000;
    const second = CheckoutResponseSchema.parse(
      (
        await injectAs(app, winner.token, {
          method: 'POST',
          url: '/api/checkout',
          payload: purchaseBody(chip.id),
        })
      ).json(),
    );
    const intentOf = (orderId: number) =>
      [...stripe.intents.values()].find((i) => i.metadata.orderId === String(orderId))!;
    const won = stripe.succeed(intentOf(second.orderId).id);
    await completeOrderPayment(app, {
      orderId: second.orderId,
      provider: 'stripe',
      eventKey: won.id,
      amountCents: 4000,
      currency: 'usd',
    });

    const lost = stripe.succeed(intentOf(first.orderId).id);
    const signal = {
      orderId: first.orderId,
      provider: 'stripe' as const,
      eventKey: lost.id,
      amountCents: 4000,
      currency: 'usd',
    };
    const [a, b] = await Promise.all([completeOrderPayment(app, signal), completeOrderPayment(app, signal)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['duplicate', 'unfulfillable']);
    const refundId = (a.refundId ?? b.refundId)!;
    // The refunds job retrying at the same moment moves no more money.
    await Promise.all([processRefund(app, refundId), processRefund(app, refundId)]);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === lost.id)).toHaveLength(1);
    const [row] = await app.db.select().from(refunds);
    expect(row).toMatchObject({ status: 'succeeded', reason: 'chip_unavailable', amountCents: 4000 });
    expect((await readOrderBooks(app.db, first.orderId)).order.paymentStatus).toBe('refunded');
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});
