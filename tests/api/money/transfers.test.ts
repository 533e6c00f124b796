// Issue 11: offline transfers. The owner names someone (username or e-mail), pays the transfer fee
// through the normal checkout, and on payment the chip changes owner where it is.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { OrderSchema, TransferFeeSchema } from '#shared/orders.schemas.ts';
import type { App } from '#server/app.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { readOrderBooks } from '#tests/factories/orders.ts';
import { latestMailTo, tokenFromMail } from '#tests/factories/auth.ts';

function transfer(app: App, token: string | null, chipId: number, payload: object) {
  return injectAs(app, token, { method: 'POST', url: `/api/artchip/${chipId}/transfer`, payload });
}

function pay(app: App, token: string, orderId: number) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
}

async function readChip(app: App, chipId: number) {
  const [row] = await app.db.select().from(chips).where(eq(chips.id, chipId));
  return row!;
}

/** An owner with a vaulted chip sold before at $50 (so the fee is 30 % of $50), and a recipient. */
async function setUp(chip: Parameters<typeof insertChip>[1] = {}) {
  const app = await buildTestApp();
  const owner = await insertUser(app.db);
  const friend = await insertUser(app.db);
  const row = await insertChip(app.db, {
    creatorId: owner.user.id,
    priceCents: 4000,
    highestPriceCents: 5000,
    status: 'inactive',
    ...chip,
  });
  return { app, owner, friend, chip: row };
}

describe('POST /api/artchip/:id/transfer', () => {
  it('transfers a vaulted chip to a username once its fee is paid, with provenance and ledger', async () => {
    const { app, owner, friend, chip } = await setUp();

    const fee = await injectAs(app, owner.token, {
      method: 'GET',
      url: `/api/artchip/${chip.id}/transfer-fee`,
    });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(TransferFeeSchema.parse(fee.json())).toEqual({
      feeCents: 1500,
      feeBaseCents: 5000,
      feeBasis: 'highest_sale',
      rule: "30% of this chip's highest price, $50.00",
      isListed: false,
    });

    const res = await transfer(app, owner.token, chip.id, {
      recipient: `@${friend.user.username.toUpperCase()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const placed = CheckoutResponseSchema.parse(res.json());
    expect(placed.summary).toMatchObject({
      basePriceCents: 1500,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 1500,
    });
    // Unpaid, nothing has moved yet.
    expect((await readChip(app, chip.id)).ownerId).toBe(owner.user.id);

    expect((await pay(app, owner.token, placed.orderId)).statusCode).toBe(200);
    const after = await readChip(app, chip.id);
    expect(after).toMatchObject({ ownerId: friend.user.id, custody: 'in_vault', highestPriceCents: 5000 });
    const [event] = await app.db
      .select()
      .from(chipEvents)
      .where(and(eq(chipEvents.chipId, chip.id), eq(chipEvents.type, 'transferred')));
    expect(event).toMatchObject({
      orderId: placed.orderId,
      actorUserId: owner.user.id,
      data: { fromUserId: owner.user.id, toUserId: friend.user.id, feeCents: 1500 },
    });

    const books = await readOrderBooks(app.db, placed.orderId);
    expect(books.order).toMatchObject({
      orderType: 'transfer',
      status: 'completed',
      paymentStatus: 'completed',
    });
    expect(books.ledger.map((l) => [l.account, l.kind, l.amountCents])).toEqual([
      ['platform', 'transfer_fee', 1500],
    ]);
    expect(books.cash.map((l) => l.amountCents)).toEqual([1500]);
    const admin = await insertAdmin(app.db);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    const mail = await latestMailTo(app.db, friend.user.email, 'chip-transferred');
    expect(mail!.subject).toBe(`${owner.user.username} sent you the Artchip "${chip.title}"`);
    expect(mail!.text).toContain('kept in our vault in your name');
    const order = OrderSchema.parse(
      (await injectAs(app, owner.token, { method: 'GET', url: `/api/orders/${placed.orderId}` })).json(),
    );
    expect(order).toMatchObject({
      orderType: 'transfer',
      transferTo: friend.user.username,
      totalCents: 1500,
    });

    // The new owner may now sell it; the old one may not move it any more.
    const mine = await injectAs(app, friend.token, { method: 'GET', url: `/api/artchip/${chip.id}` });
    expect(mine.json().actions).toMatchObject({ list: true, transfer: true });
    expect((await transfer(app, owner.token, chip.id, { recipient: friend.user.email })).statusCode).toBe(
      404,
    );
  });

  it('invites an e-mail without an account: the account is made and its mailed link sets a password', async () => {
    // Never sold and not listed: the fee is 30 % of the mint price ($15 custom mint by default).
    const { app, owner, chip } = await setUp({ highestPriceCents: 0, sourceOrderId: null });
    const res = await transfer(app, owner.token, chip.id, { recipient: ' New.Friend@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    const placed = CheckoutResponseSchema.parse(res.json());
    expect(placed.summary.totalCents).toBe(450);
    expect(await app.db.select().from(users).where(eq(users.email, 'new.friend@example.com'))).toHaveLength(
      0,
    );

    expect((await pay(app, owner.token, placed.orderId)).statusCode).toBe(200);
    const [invited] = await app.db.select().from(users).where(eq(users.email, 'new.friend@example.com'));
    expect(invited).toMatchObject({ passwordHash: null, isEmailVerified: false });
    expect((await readChip(app, chip.id)).ownerId).toBe(invited!.id);
    const mail = await latestMailTo(app.db, 'new.friend@example.com', 'chip-transferred');
    expect(mail!.text).toContain('We made an account for you');
    const token = tokenFromMail(mail!.text, '/set-password');
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token,
        email: 'new.friend@example.com',
        password: 'a-new-secret',
        confirmPassword: 'a-new-secret',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [claimed] = await app.db.select().from(users).where(eq(users.id, invited!.id));
    expect(claimed!.isEmailVerified).toBe(true);
  });

  it('takes a listed chip off the market when placed, its fee on the list price before any sale', async () => {
    const { app, owner, friend, chip } = await setUp({
      highestPriceCents: 0,
      status: 'active',
      priceCents: 2000,
    });
    const fee = TransferFeeSchema.parse(
      (
        await injectAs(app, owner.token, { method: 'GET', url: `/api/artchip/${chip.id}/transfer-fee` })
      ).json(),
    );
    expect(fee).toMatchObject({ feeCents: 600, feeBasis: 'list_price', isListed: true });
    const res = await transfer(app, owner.token, chip.id, { recipient: friend.user.username });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readChip(app, chip.id)).status).toBe('inactive');
  });

  it('answers each bad recipient in words, and never a 500', async () => {
    const { app, owner, chip } = await setUp();
    const cases: [unknown, string][] = [
      ['', 'Enter a username or an e-mail address'],
      ['   ', 'Enter a username or an e-mail address'],
      [
        'nobody-has-this-name',
        'No one has this username. To invite someone new, enter their e-mail address.',
      ],
      ['not@an@email', 'Please enter a valid email address'],
      [owner.user.username, 'You already own this Artchip.'],
      [owner.user.email.toUpperCase(), 'You already own this Artchip.'],
      ['bad\u0000name', 'Text contains characters that are not allowed'],
      [42, 'Enter a username or an e-mail address'],
    ];
    for (const [recipient, message] of cases) {
      const res = await transfer(app, owner.token, chip.id, { recipient });
      expect(res.statusCode, `${String(recipient)}: ${res.body}`).toBe(400);
      const error = ApiErrorSchema.parse(res.json());
      expect(error.fieldErrors?.recipient).toEqual([message]);
    }
    const badMethod = await transfer(app, owner.token, chip.id, {
      recipient: 'x@example.com',
      paymentMethod: 'cash',
    });
    expect(badMethod.statusCode).toBe(400);
    expect(await readChip(app, chip.id)).toMatchObject({ ownerId: owner.user.id, status: 'inactive' });
  });

  it('lets only the owner ask, and only for a chip that is with them or in the vault', async () => {
    const { app, owner, friend, chip } = await setUp();
    expect((await transfer(app, null, chip.id, { recipient: 'x@example.com' })).statusCode).toBe(401);
    expect(
      (await injectAs(app, null, { method: 'GET', url: `/api/artchip/${chip.id}/transfer-fee` })).statusCode,
    ).toBe(401);
    // Someone else's chip, or none, reads as missing.
    expect((await transfer(app, friend.token, chip.id, { recipient: owner.user.username })).statusCode).toBe(
      404,
    );
    expect(
      (await injectAs(app, friend.token, { method: 'GET', url: `/api/artchip/${chip.id}/transfer-fee` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await transfer(app, owner.token, 99_999_999, { recipient: friend.user.username })).statusCode,
    ).toBe(404);

    const travelling = await insertChip(app.db, {
      creatorId: owner.user.id,
      status: 'sold',
      custody: 'in_transit',
    });
    const res = await transfer(app, owner.token, travelling.id, { recipient: friend.user.username });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(
      'This Artchip is on its way. Transfer it once it has arrived.',
    );
    // Taken down by an admin: it stays where it is (a never-listed chip may move, decision 062).
    const removed = await insertChip(app.db, { creatorId: owner.user.id, status: 'removed' });
    const refused = await transfer(app, owner.token, removed.id, { recipient: friend.user.username });
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(refused.json()).message).toBe('This Artchip was taken down by an admin.');
  });

  it('refunds a transfer fee paid after the chip was sold meanwhile, and the buyer keeps the chip', async () => {
    const { app, owner, friend, chip } = await setUp();
    const buyer = await insertUser(app.db);
    const placed = CheckoutResponseSchema.parse(
      (await transfer(app, owner.token, chip.id, { recipient: friend.user.username })).json(),
    );
    // The owner lists it again and it sells before the fee is paid.
    const list = await injectAs(app, owner.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/availability`,
      payload: { isAvailable: true },
    });
    expect(list.statusCode, list.body).toBe(200);
    await buyAndPay(app, buyer.token, chip.id);

    const late = await pay(app, owner.token, placed.orderId);
    expect(late.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(late.json()).message).toBe(
      'This Artchip changed hands before your payment completed, so the payment is refunded.',
    );
    expect((await readChip(app, chip.id)).ownerId).toBe(buyer.user.id);
    const books = await readOrderBooks(app.db, placed.orderId);
    expect(books.order).toMatchObject({
      status: 'cancelled',
      paymentFlagged: null,
      paymentStatus: 'refunded',
    });
    expect(books.cash.reduce((s, l) => s + l.amountCents, 0)).toBe(0);
    expect(await app.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId))).toHaveLength(1);
  });

  it('hands the chip on once when two transfers of it are paid at the same moment', async () => {
    const { app, owner, friend, chip } = await setUp();
    const other = await insertUser(app.db);
    const first = CheckoutResponseSchema.parse(
      (await transfer(app, owner.token, chip.id, { recipient: friend.user.username })).json(),
    );
    const second = CheckoutResponseSchema.parse(
      (await transfer(app, owner.token, chip.id, { recipient: other.user.username })).json(),
    );
    const paid = await Promise.all([
      pay(app, owner.token, first.orderId),
      pay(app, owner.token, second.orderId),
    ]);
    expect(paid.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const owners = [friend.user.id, other.user.id];
    const after = await readChip(app, chip.id);
    expect(owners).toContain(after.ownerId);
    const events = await app.db
      .select()
      .from(chipEvents)
      .where(and(eq(chipEvents.chipId, chip.id), eq(chipEvents.type, 'transferred')));
    expect(events).toHaveLength(1);
    const fees = await Promise.all([first.orderId, second.orderId].map((id) => readOrderBooks(app.db, id)));
    // One fee kept, the other refunded in full.
    expect(fees.map((b) => b.cash.reduce((s, l) => s + l.amountCents, 0)).sort()).toEqual([0, 1500]);
    const admin = await insertAdmin(app.db);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});
