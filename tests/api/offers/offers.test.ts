import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHIP_RESERVED_MESSAGE, CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { OfferListSchema, OfferSchema } from '#shared/offers.schemas.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import { expireLapsedOffers } from '#server/modules/offers/offers.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { insertOffer, purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';
import type { App } from '#server/app.ts';

type Injected = { statusCode: number; json: () => unknown };

function expectError(res: Injected, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
}

async function setup() {
  const app = await buildTestApp();
  const owner = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: owner.user.id,
    priceCents: 5000,
    highestPriceCents: 5000,
  });
  const buyer = await insertUser(app.db);
  return { app, owner, chip, buyer };
}

function offer(app: App, token: string | null, chipId: number, payload: object) {
  return injectAs(app, token, { method: 'POST', url: `/api/artchip/${chipId}/offers`, payload });
}

function act(app: App, token: string, id: number, verb: string, payload?: object) {
  return injectAs(app, token, {
    method: 'POST',
    url: `/api/offers/${id}/${verb}`,
    ...(payload ? { payload } : {}),
  });
}

describe('POST /api/artchip/:id/offers', () => {
  it('records a pending 7-day offer and tells the owner', async () => {
    const { app, owner, chip, buyer } = await setup();
    const res = await offer(app, buyer.token, chip.id, { amountUsd: '40', message: 'Love it' });
    expect(res.statusCode).toBe(200);
    const body = OfferSchema.parse(res.json());
    expect(body).toMatchObject({
      status: 'pending',
      amountCents: 4000,
      ownerId: owner.user.id,
      buyerId: buyer.user.id,
      message: 'Love it',
      listPriceCents: 5000,
      // The fee base so far, for the split the dialogs show (the factory's chip sold before at $50).
      highestSaleCents: 5000,
      canWithdraw: true,
      canAccept: false,
    });
    const days = (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    expect(mail!.template).toBe('offer-received');
  });

  it('validates, needs a session, refuses the owner, unlisted chips and a second open offer', async () => {
    const { app, owner, chip, buyer } = await setup();
    expectError(await offer(app, buyer.token, chip.id, {}), 400, 'Offer amount is required');
    expectError(
      await offer(app, buyer.token, chip.id, { amountUsd: '0' }),
      400,
      'Price must be greater than 0',
    );
    expect((await offer(app, null, chip.id, { amountUsd: '1' })).statusCode).toBe(401);
    expectError(
      await offer(app, owner.token, chip.id, { amountUsd: '1' }),
      403,
      'You cannot make an offer on your own Artchip.',
    );
    const hidden = await insertChip(app.db, { creatorId: owner.user.id, ...CHIP_STATES.inactive });
    expectError(
      await offer(app, buyer.token, hidden.id, { amountUsd: '1' }),
      409,
      'This Artchip is not available for offers.',
    );
    expect((await offer(app, buyer.token, 999_999, { amountUsd: '1' })).statusCode).toBe(404);
    expect((await offer(app, buyer.token, chip.id, { amountUsd: '10' })).statusCode).toBe(200);
    expectError(
      await offer(app, buyer.token, chip.id, { amountUsd: '11' }),
      409,
      'You already have an open offer on this Artchip.',
    );
  });
});

async function checkoutAs(app: App, token: string, chipId: number): Promise<number> {
  const res = await injectAs(app, token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chipId),
  });
  expect(res.statusCode).toBe(200);
  return CheckoutResponseSchema.parse(res.json()).orderId;
}

function startPaying(app: App, token: string, orderId: number) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/payment-started`, payload: {} });
}

describe('offer decisions', () => {
  it('accepting holds the chip for the buyer at that price, declines the others and blocks other checkouts', async () => {
    const { app, owner, chip, buyer } = await setup();
    const rival = await insertUser(app.db);
    const mine = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '40' })).json());
    const theirs = OfferSchema.parse((await offer(app, rival.token, chip.id, { amountUsd: '35' })).json());

    expectError(
      await act(app, buyer.token, mine.id, 'accept'),
      403,
      'Only the other party can accept this offer.',
    );
    const accepted = await act(app, owner.token, mine.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const body = OfferSchema.parse(accepted.json());
    expect(body).toMatchObject({ status: 'accepted', agreedAmountCents: 4000 });
    expect((Date.parse(body.acceptedUntil!) - Date.now()) / 3_600_000).toBeGreaterThan(47);
    const [declined] = await app.db.select().from(offers).where(eq(offers.id, theirs.id));
    expect(declined!.status).toBe('declined');

    const blocked = await injectAs(app, rival.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    expectError(blocked, 409, CHIP_RESERVED_MESSAGE);
    const notTheirs = await injectAs(app, rival.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { offerId: mine.id }),
    });
    expect(notTheirs.statusCode).toBe(404);

    const checkout = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { offerId: mine.id }),
    });
    expect(checkout.statusCode).toBe(200);
    const { orderId, summary } = CheckoutResponseSchema.parse(checkout.json());
    expect(summary.totalCents).toBe(4000);
    expect(
      (await injectAs(app, buyer.token, { method: 'POST', url: `/api/orders/${orderId}/complete` }))
        .statusCode,
    ).toBe(200);
    const books = await readOrderBooks(app.db, orderId);
    expect(books.order).toMatchObject({ offerId: mine.id, basePriceCents: 4000 });
    const [done] = await app.db.select().from(offers).where(eq(offers.id, mine.id));
    expect(done).toMatchObject({ status: 'completed', orderId });
  });

  it('counters, lets the buyer accept the counter, and prices checkout at it', async () => {
    const { app, owner, chip, buyer } = await setup();
    const open = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '30' })).json());
    expectError(await act(app, owner.token, open.id, 'counter', {}), 400, 'Counter amount is required');
    expectError(
      await act(app, buyer.token, open.id, 'counter', { amountUsd: '45' }),
      403,
      'Only the owner can counter this offer.',
    );
    const countered = OfferSchema.parse(
      (await act(app, owner.token, open.id, 'counter', { amountUsd: '45' })).json(),
    );
    expect(countered).toMatchObject({ status: 'countered', counterAmountCents: 4500, canAccept: false });
    const buyerView = OfferListSchema.parse(
      (await injectAs(app, buyer.token, { method: 'GET', url: '/api/offers/sent' })).json(),
    );
    expect(buyerView[0]).toMatchObject({ id: open.id, canAccept: true, canWithdraw: true });
    const accepted = OfferSchema.parse((await act(app, buyer.token, open.id, 'accept')).json());
    expect(accepted).toMatchObject({ status: 'accepted', agreedAmountCents: 4500, canCheckout: true });
    const quote = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout/quote',
      payload: {
        orderType: 'purchase',
        artchipId: chip.id,
        offerId: open.id,
        paymentMethod: 'card',
        shippingOption: 'store',
      },
    });
    expect(quote.json()).toMatchObject({ summary: { totalCents: 4500 } });
  });

  it('declines, withdraws, and hides offers from strangers', async () => {
    const { app, owner, chip, buyer } = await setup();
    const stranger = await insertUser(app.db);
    const first = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '20' })).json());
    expect((await act(app, stranger.token, first.id, 'decline')).statusCode).toBe(404);
    expectError(
      await act(app, buyer.token, first.id, 'decline'),
      403,
      'Only the owner can decline this offer.',
    );
    expect(OfferSchema.parse((await act(app, owner.token, first.id, 'decline')).json()).status).toBe(
      'declined',
    );
    expectError(
      await act(app, owner.token, first.id, 'accept'),
      409,
      'This offer can no longer be accepted.',
    );

    const second = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '25' })).json());
    expectError(
      await act(app, owner.token, second.id, 'withdraw'),
      403,
      'Only the buyer can withdraw this offer.',
    );
    expect(OfferSchema.parse((await act(app, buyer.token, second.id, 'withdraw')).json()).status).toBe(
      'withdrawn',
    );
    expectError(
      await act(app, buyer.token, second.id, 'withdraw'),
      409,
      'This offer can no longer be withdrawn.',
    );
    const mails = await app.db.select().from(mailOutbox);
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(['offer-received', 'offer-declined', 'offer-withdrawn']),
    );
  });

  it('lists received and sent offers; lapsed offers read and sweep as expired', async () => {
    const { app, owner, chip, buyer } = await setup();
    const open = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '20' })).json());
    const received = OfferListSchema.parse(
      (await injectAs(app, owner.token, { method: 'GET', url: '/api/offers/received' })).json(),
    );
    expect(received.map((o) => [o.id, o.canAccept, o.canCounter])).toEqual([[open.id, true, true]]);
    expect(
      OfferListSchema.parse(
        (await injectAs(app, owner.token, { method: 'GET', url: '/api/offers/sent' })).json(),
      ),
    ).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/offers/received' })).statusCode).toBe(401);

    await app.db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, open.id));
    expectError(await act(app, owner.token, open.id, 'accept'), 409, 'This offer has expired.');
    const stale = OfferListSchema.parse(
      (await injectAs(app, buyer.token, { method: 'GET', url: '/api/offers/sent' })).json(),
    );
    expect(stale[0]!.status).toBe('expired');

    const other = await insertOffer(app.db, {
      chipId: chip.id,
      buyerId: buyer.user.id,
      ownerId: owner.user.id,
      status: 'accepted',
      acceptedUntil: new Date(Date.now() - 1000),
    });
    expect(await expireLapsedOffers(app)).toBe(1);
    const [row] = await app.db.select().from(offers).where(eq(offers.id, other.id));
    expect(row!.status).toBe('expired');
  });

  it('refuses to accept while another buyer is paying for the chip', async () => {
    const { app, owner, chip, buyer } = await setup();
    const rival = await insertUser(app.db);
    const open = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '20' })).json());
    const orderId = await checkoutAs(app, rival.token, chip.id);
    expect((await startPaying(app, rival.token, orderId)).statusCode).toBe(200);
    expectError(await act(app, owner.token, open.id, 'accept'), 409, CHIP_RESERVED_MESSAGE);
  });

  it('accepts over another buyer’s idle checkout, which can then no longer pay', async () => {
    const { app, owner, chip, buyer } = await setup();
    const rival = await insertUser(app.db);
    const open = OfferSchema.parse((await offer(app, buyer.token, chip.id, { amountUsd: '20' })).json());
    const orderId = await checkoutAs(app, rival.token, chip.id);
    expect((await act(app, owner.token, open.id, 'accept')).statusCode).toBe(200);
    expectError(await startPaying(app, rival.token, orderId), 409, CHIP_RESERVED_MESSAGE);
  });
});
