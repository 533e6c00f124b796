// Issue 11: sellers are paid. Proceeds settle (vault: when paid; shipped: when delivered), wait the
// hold (payoutHoldDays), become payable, and an admin pays them out once with a reference.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { PayableBalanceListSchema, PayoutSchema, SellerBalanceSchema } from '#shared/payouts.schemas.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { NO_PAYOUT_ADDRESS_MESSAGE } from '#server/flows/payouts/index.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser, withLongSession } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress } from '#tests/factories/orders.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Sessions that outlive the weeks these tests move the clock through. */
async function setup() {
  let now = Date.parse('2026-11-24T10:00:00Z');
  const app = await buildTestApp({ clock: () => new Date(now) });
  const admin = await withLongSession(app.db, await insertAdmin(app.db));
  const seller = await withLongSession(
    app.db,
    await insertUser(app.db, { paypalEmail: 'seller@paypal.example' }),
  );
  const buyer = await withLongSession(app.db, await insertUser(app.db));
  return { app, admin, seller, buyer, advance: (ms: number) => (now += ms) };
}

async function balance(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-payouts' });
  expect(res.statusCode).toBe(200);
  return SellerBalanceSchema.parse(res.json());
}

async function mailsTo(app: App, to: string, template: string) {
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.filter((row) => row.template === template);
}

function payOut(app: App, token: string, userId: number, payload: object = { txReference: 'BANK-42' }) {
  return injectAs(app, token, { method: 'POST', url: `/api/admin/payouts/sellers/${userId}`, payload });
}

describe('seller payouts', () => {
  it('a vault sale is pending for the hold, then payable, then paid once with its reference', async () => {
    const { app, admin, seller, buyer, advance } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, buyer.token, chip.id);
    expect(await balance(app, seller.token)).toMatchObject({
      pendingCents: 7000,
      payableCents: 0,
      paidCents: 0,
      holdDays: 7,
      nextPayableAt: '2026-12-01T10:00:00.000Z',
    });
    expect(ApiErrorSchema.parse((await payOut(app, admin.token, seller.user.id)).json()).code).toBe(
      'UNPROCESSABLE',
    );

    advance(7 * DAY);
    expect(await balance(app, seller.token)).toMatchObject({ pendingCents: 0, payableCents: 7000 });
    const screen = PayableBalanceListSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/payouts' })).json(),
    );
    expect(screen).toEqual([
      expect.objectContaining({ userId: seller.user.id, kind: 'seller', payableCents: 7000 }),
    ]);

    const paid = await payOut(app, admin.token, seller.user.id);
    expect(paid.statusCode).toBe(201);
    expect(PayoutSchema.parse(paid.json())).toMatchObject({
      kind: 'seller',
      amountCents: 7000,
      txReference: 'BANK-42',
    });
    const after = await balance(app, seller.token);
    expect(after).toMatchObject({ pendingCents: 0, payableCents: 0, paidCents: 7000 });
    expect(after.payouts).toEqual([expect.objectContaining({ amountCents: 7000, txReference: 'BANK-42' })]);
    expect((await payOut(app, admin.token, seller.user.id)).statusCode).toBe(422);
    const [line] = await app.db.select().from(ledgerLines).where(eq(ledgerLines.kind, 'payout'));
    expect(line).toMatchObject({
      account: 'seller',
      userId: seller.user.id,
      amountCents: -7000,
      payoutId: PayoutSchema.parse(paid.json()).id,
    });
  });

  it('a shipped sale settles only when delivered, then waits the hold', async () => {
    const { app, admin, seller, buyer, advance } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 5000,
      highestPriceCents: 0,
    });
    const address = await insertAddress(app.db, buyer.user.id);
    const orderId = await buyAndPay(app, buyer.token, chip.id, {
      shippingOption: 'ship',
      shippingAddressId: address.id,
    });
    advance(30 * DAY);
    expect(await balance(app, seller.token)).toMatchObject({
      pendingCents: 3500,
      payableCents: 0,
      nextPayableAt: null,
    });
    const move = (payload: object) =>
      injectAs(app, admin.token, { method: 'PATCH', url: `/api/admin/orders/${orderId}/status`, payload });
    expect((await move({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z' })).statusCode).toBe(200);
    expect((await move({ status: 'delivered' })).statusCode).toBe(200);
    expect((await balance(app, seller.token)).payableCents).toBe(0);
    advance(7 * DAY);
    expect((await balance(app, seller.token)).payableCents).toBe(3500);
  });

  it('follows the payoutHoldDays setting', async () => {
    const { app, admin, seller, buyer } = await setup();
    const set = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { payoutHoldDays: 0 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const bad = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { payoutHoldDays: 2.5 },
    });
    expect(bad.statusCode).toBe(400);
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 2000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, buyer.token, chip.id);
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 1400, holdDays: 0 });
  });

  it('refuses to pay a seller who gave no payout address, and pays once they add one (issue 27)', async () => {
    const { app, admin, buyer, advance } = await setup();
    const seller = await withLongSession(app.db, await insertUser(app.db));
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, buyer.token, chip.id);
    advance(7 * DAY);
    const refused = await payOut(app, admin.token, seller.user.id);
    expect(refused.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(refused.json())).toMatchObject({
      code: 'UNPROCESSABLE',
      message: NO_PAYOUT_ADDRESS_MESSAGE,
    });
    expect(await balance(app, seller.token)).toMatchObject({ payableCents: 7000, paidCents: 0 });
    expect(await mailsTo(app, seller.user.email, 'payout-sent')).toHaveLength(0);

    const set = await injectAs(app, seller.token, {
      method: 'PUT',
      url: '/api/my-payout-account',
      payload: { method: 'manual', paypalEmail: 'seller@paypal.example', currentPassword: seller.password },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    // A new destination waits payoutDestinationHoldHours (decision 071).
    expect((await payOut(app, admin.token, seller.user.id)).statusCode).toBe(422);
    advance(72 * 60 * 60 * 1000);
    expect((await payOut(app, admin.token, seller.user.id)).statusCode).toBe(201);
  });

  it('e-mails the seller once, when the payout is paid, with the amount, address and reference', async () => {
    const { app, admin, seller, buyer, advance } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, buyer.token, chip.id);
    advance(7 * DAY);
    expect(await mailsTo(app, seller.user.email, 'payout-sent')).toHaveLength(0);
    expect((await payOut(app, admin.token, seller.user.id)).statusCode).toBe(201);
    const [mail, ...more] = await mailsTo(app, seller.user.email, 'payout-sent');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Artchip paid you $70.00');
    expect(mail!.text).toContain('We paid out your Artchip sale proceeds: $70.00.');
    expect(mail!.text).toContain('seller@paypal.example');
    expect(mail!.text).toContain('BANK-42');
  });

  it('checks who is asking and what they send', async () => {
    const { app, admin, seller } = await setup();
    expect((await injectAs(app, null, { method: 'GET', url: '/api/my-payouts' })).statusCode).toBe(401);
    expect((await injectAs(app, seller.token, { method: 'GET', url: '/api/admin/payouts' })).statusCode).toBe(
      403,
    );
    expect((await payOut(app, seller.token, seller.user.id)).statusCode).toBe(403);
    expect(
      (await payOut(app, admin.token, seller.user.id, { txReference: 'x'.repeat(201) })).statusCode,
    ).toBe(400);
    expect((await payOut(app, admin.token, 99_999)).statusCode).toBe(404);
    expect((await payOut(app, admin.token, 0)).statusCode).toBe(400);
  });
});
