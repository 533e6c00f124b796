import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, CheckoutSuccessResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  CompleteOrderResponseSchema,
  OrderListSchema,
  OrderSchema,
  PAYMENT_PENDING_NOTE,
} from '#shared/orders.schemas.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { completeOrderPayment } from '#server/flows/settlement/payments.service.ts';
import { sweepLapsedHolds } from '#server/modules/orders/orders.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertOrder, purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';
import type { App } from '#server/app.ts';

async function setup(options: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(options);
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: seller.user.id,
    priceCents: 10_000,
    highestPriceCents: 12_000,
  });
  const buyer = await insertUser(app.db);
  return { app, seller, chip, buyer };
}

async function checkoutAs(app: App, token: string | null, payload: Record<string, unknown>) {
  const res = await injectAs(app, token, { method: 'POST', url: '/api/checkout', payload });
  expect(res.statusCode).toBe(200);
  return CheckoutResponseSchema.parse(res.json());
}

function complete(app: App, token: string | null, orderId: number) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
}

describe('POST /api/orders/:id/complete (demo payments)', () => {
  it('marks the purchase paid: ownership, sold chip, ledger, provenance and e-mails, in one go', async () => {
    const { app, chip, buyer, seller } = await setup();
    const { orderId } = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const res = await complete(app, buyer.token, orderId);
    expect(res.statusCode).toBe(200);
    const { order } = CompleteOrderResponseSchema.parse(res.json());
    expect(order).toMatchObject({
      paymentStatus: 'completed',
      status: 'completed',
      statusNote: null,
      artchipId: chip.id,
    });

    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold).toMatchObject({
      ownerId: buyer.user.id,
      status: 'sold',
      isAvailable: false,
      isForSale: false,
      shippingOption: 'store',
      reservedByOrderId: null,
      highestPriceCents: 12_000,
    });
    const books = await readOrderBooks(app.db, orderId);
    // 30% of the highest historical price (120.00) = 36.00; the seller keeps 64.00 of the 100.00 sale.
    expect(books.ledger.map((l) => [l.kind, l.userId, l.amountCents]).sort()).toEqual([
      ['platform_fee', null, 3600],
      ['seller_proceeds', seller.user.id, 6400],
    ]);
    const events = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, chip.id));
    expect(events.map((e) => e.type)).toEqual(['sold']);
    const mails = await app.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.to, m.template]).sort()).toEqual(
      [
        [buyer.user.email, 'order-confirmation'],
        [seller.user.email, 'chip-sold'],
      ].sort(),
    );
    // The seller is told the same split the ledger booked: price, fee with its rule and base, proceeds.
    const soldMail = mails.find((m) => m.template === 'chip-sold')!;
    for (const line of [
      'has been sold for $100.00.',
      "Platform fee: $36.00 (30% of this chip's highest price, $120.00).",
      'You receive $64.00.',
    ]) {
      expect(soldMail.text).toContain(line);
      expect(soldMail.html).toContain(line.replaceAll("'", '&#x27;'));
    }
    // A card order's confirmation names no token amount.
    const confirmation = mails.find((m) => m.template === 'order-confirmation')!;
    expect(confirmation.text).not.toContain('$ARTCHIP');
  });

  it('changes nothing when completed twice', async () => {
    const { app, chip, buyer } = await setup();
    const { orderId } = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    await complete(app, buyer.token, orderId);
    const again = await complete(app, buyer.token, orderId);
    expect(again.statusCode).toBe(200);
    const books = await readOrderBooks(app.db, orderId);
    expect(books.ledger).toHaveLength(2);
    expect(books.events).toHaveLength(1);
    expect(await app.db.select().from(mailOutbox)).toHaveLength(2);
  });

  it('keeps a shipped purchase in processing until the admin ships it', async () => {
    const { app, chip, buyer } = await setup();
    const { orderId } = await checkoutAs(
      app,
      buyer.token,
      purchaseBody(chip.id, {
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'A',
        newAddressLine1: 'B',
        newAddressCity: 'C',
        newAddressState: 'NY',
        newAddressZip: '12345',
      }),
    );
    const { order } = CompleteOrderResponseSchema.parse((await complete(app, buyer.token, orderId)).json());
    expect(order).toMatchObject({ status: 'processing', shippingCents: 1000, totalCents: 11_000 });
  });

  it('is only for the order’s buyer and signed-in users', async () => {
    const { app, chip, buyer } = await setup();
    const { orderId } = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const stranger = await insertUser(app.db);
    expect((await complete(app, stranger.token, orderId)).statusCode).toBe(404);
    expect((await complete(app, null, orderId)).statusCode).toBe(401);
    expect((await complete(app, buyer.token, 777_777)).statusCode).toBe(404);
  });

  it('lets a guest buyer follow and finish their own order with its one-time payment token only', async () => {
    const { app, chip } = await setup();
    const guest = await checkoutAs(app, null, purchaseBody(chip.id, { email: 'guest-pay@example.com' }));
    const token = new URL(guest.redirectUrl, 'http://x').searchParams.get('token');
    expect(token).toMatch(/^demo_[\w-]{20,}$/);

    const wrong = await app.inject({
      method: 'POST',
      url: `/api/orders/${guest.orderId}/complete?token=demo_wrong`,
    });
    expect(wrong.statusCode).toBe(404);
    const read = await app.inject({ method: 'GET', url: `/api/orders/${guest.orderId}?token=${token}` });
    expect(OrderSchema.parse(read.json()).paymentStatus).toBe('pending');
    expect((await app.inject({ method: 'GET', url: `/api/orders/${guest.orderId}` })).statusCode).toBe(401);

    const done = await app.inject({
      method: 'POST',
      url: `/api/orders/${guest.orderId}/complete?token=${token}`,
    });
    expect(done.statusCode).toBe(200);
    expect(CompleteOrderResponseSchema.parse(done.json()).order.paymentStatus).toBe('completed');
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold?.status).toBe('sold');
  });

  it('does not exist when demo payments are off', async () => {
    const { app, buyer } = await setup({ env: { DEMO_PAYMENTS: 'false' } });
    const order = await insertOrder(app.db, { buyerId: buyer.user.id });
    const res = await complete(app, buyer.token, order.id);
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).message).toMatch(/^Route POST/);
  });

  it('refuses to complete an order of a live provider', async () => {
    const { app, buyer } = await setup();
    const order = await insertOrder(app.db, {
      buyerId: buyer.user.id,
      paymentProvider: 'stripe',
      providerRef: 'pi_1',
    });
    const res = await complete(app, buyer.token, order.id);
    expect(res.statusCode).toBe(422);
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.paymentStatus).toBe('pending');
  });
});

describe('completeOrderPayment', () => {
  it('rejects a signal whose amount or currency differ from the order, flagging it', async () => {
    const { app, buyer } = await setup();
    const order = await insertOrder(app.db, { buyerId: buyer.user.id });
    const short = await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'evt-short',
      amountCents: 1499,
      currency: 'USD',
    });
    expect(short).toEqual({ outcome: 'rejected', orderId: order.id, reason: 'amount_mismatch' });
    const euro = await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'evt-eur',
      amountCents: 1500,
      currency: 'EUR',
    });
    expect(euro.outcome).toBe('rejected');
    const wrongProvider = await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'stripe',
      eventKey: 'evt-stripe',
      amountCents: 1500,
      currency: 'USD',
    });
    expect(wrongProvider.reason).toBe('provider_mismatch');
    const books = await readOrderBooks(app.db, order.id);
    expect(books.order).toMatchObject({ paymentStatus: 'pending', paymentFlagged: 'amount_mismatch' });
    expect(books.ledger).toHaveLength(0);
    const ok = await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'evt-ok',
      amountCents: 1500,
      currency: 'usd',
    });
    expect(ok.outcome).toBe('completed');
    const later = await completeOrderPayment(app, {
      orderId: order.id,
      provider: 'demo',
      eventKey: 'evt-late',
      amountCents: 1500,
      currency: 'USD',
    });
    expect(later).toMatchObject({ outcome: 'already_paid', reason: 'duplicate_payment' });
    // The second payment went back to the buyer; the first one stands.
    const after = await readOrderBooks(app.db, order.id);
    expect(after.ledger.map((l) => [l.kind, l.amountCents])).toEqual([
      ['mint_fee', 1500],
      ['refund_due', 1500],
      ['refund_due', -1500],
    ]);
    expect(after.cash.map((l) => [l.kind, l.amountCents])).toEqual([
      ['payment', 1500],
      ['payment', 1500],
      ['refund', -1500],
    ]);
    expect(after.order.paymentStatus).toBe('completed');
  });

  it('books direct-PayPal proceeds as already paid and the platform fee as owed by the seller', async () => {
    const app = await buildTestApp();
    const seller = await insertUser(app.db, { paypalEmail: 'seller-pp@example.com' });
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 10_000,
      paypalEnabled: true,
    });
    const buyer = await insertUser(app.db);
    const { orderId, summary } = await checkoutAs(
      app,
      buyer.token,
      purchaseBody(chip.id, { paymentMethod: 'paypal' }),
    );
    expect(summary.markupCents).toBe(2000);
    expect((await complete(app, buyer.token, orderId)).statusCode).toBe(200);
    const books = await readOrderBooks(app.db, orderId);
    // The buyer paid the seller's own PayPal: the seller holds the whole total and owes the
    // platform its fee and the markup.
    expect(books.lines.map((l) => [l.kind, l.account, l.userId, l.amountCents]).sort()).toEqual([
      ['direct_payment', 'seller', seller.user.id, -12_000],
      ['payment', 'buyer', buyer.user.id, 12_000],
      ['platform_fee', 'platform', null, 5000],
      ['seller_proceeds', 'seller', seller.user.id, 7000],
    ]);
  });

  it('answers NOT_FOUND for an unknown order', async () => {
    const { app } = await setup();
    await expect(
      completeOrderPayment(app, {
        orderId: 4040,
        provider: 'demo',
        eventKey: 'x',
        amountCents: 1,
        currency: 'USD',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cancels and flags a late payment whose chip was sold meanwhile', async () => {
    let now = Date.now();
    const { app, chip, buyer } = await setup({ clock: () => new Date(now) });
    const late = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    now += 16 * 60_000;
    const other = await insertUser(app.db);
    const winner = await checkoutAs(app, other.token, purchaseBody(chip.id));
    expect((await complete(app, other.token, winner.orderId)).statusCode).toBe(200);
    const res = await complete(app, buyer.token, late.orderId);
    expect(res.statusCode).toBe(409);
    const books = await readOrderBooks(app.db, late.orderId);
    // The payment went back through its provider (the demo one refunds at once).
    expect(books.order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      paymentFlagged: null,
    });
    expect(books.ledger.map((l) => [l.kind, l.amountCents])).toEqual([
      ['refund_due', 10_000],
      ['refund_due', -10_000],
    ]);
    expect(books.cash.map((l) => [l.kind, l.amountCents])).toEqual([
      ['payment', 10_000],
      ['refund', -10_000],
    ]);
    const [owned] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(owned!.ownerId).toBe(other.user.id);
  });
});

describe('GET /api/orders/:id and /api/my-orders', () => {
  it('shows the buyer (or an admin) the order, and hides it from anyone else', async () => {
    const { app, chip, buyer, seller } = await setup();
    const { orderId } = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const own = await injectAs(app, buyer.token, { method: 'GET', url: `/api/orders/${orderId}` });
    expect(own.statusCode).toBe(200);
    expect(OrderSchema.parse(own.json())).toMatchObject({
      id: orderId,
      orderType: 'purchase',
      paymentStatus: 'pending',
      statusNote: PAYMENT_PENDING_NOTE,
      artchipTitle: chip.title,
      artchipSlug: chip.slug,
      creatorUsername: seller.user.username,
      totalCents: 10_000,
    });
    expect(
      (await injectAs(app, seller.token, { method: 'GET', url: `/api/orders/${orderId}` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(401);
    expect((await injectAs(app, buyer.token, { method: 'GET', url: '/api/orders/abc' })).statusCode).toBe(
      400,
    );
    const admin = await insertAdmin(app.db);
    expect(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/orders/${orderId}` })).statusCode,
    ).toBe(200);
  });

  it('lists the user’s orders newest first', async () => {
    const { app, chip, buyer, seller } = await setup();
    const second = await insertChip(app.db, { creatorId: seller.user.id });
    const a = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    const b = await checkoutAs(app, buyer.token, purchaseBody(second.id, { paymentMethod: 'artchip' }));
    await complete(app, buyer.token, b.orderId);
    await insertOrder(app.db, { buyerId: seller.user.id });
    const res = await injectAs(app, buyer.token, { method: 'GET', url: '/api/my-orders' });
    expect(res.statusCode).toBe(200);
    const list = OrderListSchema.parse(res.json());
    expect(list.map((o) => o.id)).toEqual([b.orderId, a.orderId]);
    expect(list[0]).toMatchObject({ paymentMethod: 'artchip', paymentStatus: 'completed', statusNote: null });
    expect((await app.inject({ method: 'GET', url: '/api/my-orders' })).statusCode).toBe(401);
  });
});

describe('GET /api/orders/:id/checkout-success', () => {
  async function paidGuestOrder(app: App, chipId: number, email: string) {
    const guest = await checkoutAs(app, null, purchaseBody(chipId, { email }));
    await completeOrderPayment(app, {
      orderId: guest.orderId,
      provider: 'demo',
      eventKey: `paid-${guest.orderId}`,
      amountCents: 10_000,
      currency: 'USD',
    });
    return guest;
  }

  it('issue 14 #1: knowing the order id and the buyer e-mail claims nothing (no account takeover)', async () => {
    const { app, chip } = await setup();
    const victim = await paidGuestOrder(app, chip.id, 'victim@example.com');
    const url = `/api/orders/${victim.orderId}/checkout-success`;
    // The attack on today's main: the id (sequential) and the victim's e-mail were enough.
    const attack = await app.inject({ method: 'GET', url: `${url}?email=victim@example.com` });
    expect(attack.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(attack.json()).code).toBe('NOT_FOUND');
    const forged = await app.inject({ method: 'GET', url: `${url}?email=victim@example.com&token=guessed` });
    expect(forged.statusCode).toBe(404);
    // Nor does another order's guest token open this one.
    const other = await insertChip(app.db, { creatorId: (await insertUser(app.db)).user.id });
    const attacker = await paidGuestOrder(app, other.id, 'attacker@example.com');
    const swapped = await app.inject({
      method: 'GET',
      url: `${url}?email=victim@example.com&token=${attacker.guestToken!}`,
    });
    expect(swapped.statusCode).toBe(404);
    // The victim's browser still gets its hand-out: the probing used nothing up.
    const own = await app.inject({
      method: 'GET',
      url: `${url}?email=victim@example.com&token=${encodeURIComponent(victim.guestToken!)}`,
    });
    expect(CheckoutSuccessResponseSchema.parse(own.json()).setPasswordToken).toEqual(expect.any(String));
  });

  it('hands the browser holding the guest token its set-password token once; it never verifies the e-mail', async () => {
    const { app, chip } = await setup();
    const guest = await checkoutAs(app, null, purchaseBody(chip.id, { email: 'guest@example.com' }));
    expect(guest.guestToken).toEqual(expect.any(String));
    const url = `/api/orders/${guest.orderId}/checkout-success`;
    const withToken = (email: string) =>
      `${url}?email=${email}&token=${encodeURIComponent(guest.guestToken!)}`;
    const unpaid = await app.inject({ method: 'GET', url: withToken('guest@example.com') });
    expect(CheckoutSuccessResponseSchema.parse(unpaid.json()).setPasswordToken).toBeNull();

    await completeOrderPayment(app, {
      orderId: guest.orderId,
      provider: 'demo',
      eventKey: 'guest-paid',
      amountCents: 10_000,
      currency: 'USD',
    });
    expect((await app.inject({ method: 'GET', url: withToken('someone@example.com') })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const first = CheckoutSuccessResponseSchema.parse(
      (await app.inject({ method: 'GET', url: withToken('GUEST@example.com') })).json(),
    );
    expect(first).toMatchObject({ isNewAccount: true, paymentStatus: 'completed' });
    expect(first.setPasswordToken).toEqual(expect.any(String));
    const second = CheckoutSuccessResponseSchema.parse(
      (await app.inject({ method: 'GET', url: withToken('guest@example.com') })).json(),
    );
    expect(second.setPasswordToken).toBeNull();

    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: first.setPasswordToken,
        email: 'guest@example.com',
        password: 'new-secret',
        confirmPassword: 'new-secret',
      },
    });
    expect(set.statusCode).toBe(200);
    const session = set.json<{ token: string; user: { isEmailVerified: boolean } }>();
    // Signed in to see the order now, but the address is proven only by the mailed link.
    expect(session.user.isEmailVerified).toBe(false);
    expect((await injectAs(app, session.token, { method: 'GET', url: '/api/my-orders' })).statusCode).toBe(
      200,
    );
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'guest@example.com'));
    expect(mails.map((m) => m.template)).toContain('verify-email');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'guest@example.com', password: 'new-secret' },
    });
    expect(ApiErrorSchema.parse(login.json()).code).toBe('EMAIL_NOT_VERIFIED');
    // A used hand-out cannot set the password again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: first.setPasswordToken,
        email: 'guest@example.com',
        password: 'other-secret',
        confirmPassword: 'other-secret',
      },
    });
    expect(ApiErrorSchema.parse(again.json()).code).toBe('INVALID_TOKEN');
  });

  it('lets the address owner take the account back by the mailed link, ending the claimant session', async () => {
    const { app, chip } = await setup();
    const guest = await paidGuestOrder(app, chip.id, 'owner@example.com');
    const handout = CheckoutSuccessResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/orders/${guest.orderId}/checkout-success?email=owner@example.com&token=${encodeURIComponent(guest.guestToken!)}`,
        })
      ).json(),
    );
    const claim = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: handout.setPasswordToken,
        email: 'owner@example.com',
        password: 'typed-by-buyer',
        confirmPassword: 'typed-by-buyer',
      },
    });
    const claimant = claim.json<{ token: string }>().token;
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'owner@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'set-password'))
      .orderBy(mailOutbox.id);
    const mailed = /token=([^&"\s]+)/.exec(mail!.text ?? '')![1]!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: decodeURIComponent(mailed),
        email: 'owner@example.com',
        password: 'owners-own',
        confirmPassword: 'owners-own',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ user: { isEmailVerified: boolean } }>().user.isEmailVerified).toBe(true);
    expect((await injectAs(app, claimant, { method: 'GET', url: '/api/my-orders' })).statusCode).toBe(401);
  });

  it('hands nothing out an hour after the order, nor to registered buyers', async () => {
    let now = Date.now();
    const { app, chip, buyer, seller } = await setup({ clock: () => new Date(now) });
    const guest = await checkoutAs(app, null, purchaseBody(chip.id, { email: 'late@example.com' }));
    await completeOrderPayment(app, {
      orderId: guest.orderId,
      provider: 'demo',
      eventKey: 'late',
      amountCents: 10_000,
      currency: 'USD',
    });
    now += 61 * 60_000;
    const late = await app.inject({
      method: 'GET',
      url: `/api/orders/${guest.orderId}/checkout-success?email=late@example.com&token=${encodeURIComponent(guest.guestToken!)}`,
    });
    expect(CheckoutSuccessResponseSchema.parse(late.json()).setPasswordToken).toBeNull();

    const other = await insertChip(app.db, { creatorId: seller.user.id });
    const registered = await checkoutAs(app, buyer.token, purchaseBody(other.id));
    expect(registered.guestToken).toBeUndefined();
    await complete(app, buyer.token, registered.orderId);
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${registered.orderId}/checkout-success?email=${encodeURIComponent(buyer.user.email)}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the hold sweep', () => {
  it('frees chips whose checkout lapsed and cancels the unpaid order', async () => {
    let now = Date.now();
    const { app, chip, buyer } = await setup({ clock: () => new Date(now) });
    const { orderId } = await checkoutAs(app, buyer.token, purchaseBody(chip.id));
    expect((await sweepLapsedHolds(app)).chipsFreed).toBe(0);
    now += 16 * 60_000;
    expect((await sweepLapsedHolds(app)).chipsFreed).toBe(1);
    const [freed] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(freed!.reservedByOrderId).toBeNull();
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('cancelled');
  });
});
