import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AttentionSchema, UNPAID_ORDER_NOTICE_DAYS } from '#shared/attention.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { insertOffer, insertOrder } from '#tests/factories/orders.ts';
import { insertUser } from '#tests/factories/users.ts';
import { sessions } from '#server/modules/auth/auth.table.ts';
import type { App } from '#server/app.ts';

const DAY_MS = 86_400_000;

async function attentionOf(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-attention' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return AttentionSchema.parse(res.json());
}

const NOTHING = { offersReceived: 0, offersToAnswer: 0, ordersToPay: 0, artchipsToActivate: 0, total: 0 };

describe('GET /api/my-attention', () => {
  it('is all zeros for a user with nothing waiting', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    expect(await attentionOf(app, token)).toEqual(NOTHING);
  });

  it('counts offers waiting for the owner and for the buyer, never lapsed or answered ones', async () => {
    const app = await buildTestApp();
    const owner = await insertUser(app.db);
    const buyer = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: owner.user.id });
    const other = await insertChip(app.db, { creatorId: owner.user.id });
    const parties = { buyerId: buyer.user.id, ownerId: owner.user.id };
    // Waiting for the owner's answer.
    await insertOffer(app.db, { chipId: chip.id, ...parties });
    // Waiting for the buyer: a counter, and an accepted offer holding the chip for their checkout.
    await insertOffer(app.db, {
      chipId: other.id,
      ...parties,
      status: 'countered',
      counterAmountCents: 2200,
    });
    await insertOffer(app.db, {
      chipId: other.id,
      ...parties,
      status: 'accepted',
      acceptedUntil: new Date(Date.now() + DAY_MS),
    });
    // Waiting for nobody: lapsed, answered, or an accepted offer whose hold ran out.
    await insertOffer(app.db, { chipId: chip.id, ...parties, expiresAt: new Date(Date.now() - 1000) });
    await insertOffer(app.db, { chipId: chip.id, ...parties, status: 'declined' });
    await insertOffer(app.db, {
      chipId: other.id,
      ...parties,
      status: 'accepted',
      acceptedUntil: new Date(Date.now() - 1000),
    });

    expect(await attentionOf(app, owner.token)).toEqual({ ...NOTHING, offersReceived: 1, total: 1 });
    expect(await attentionOf(app, buyer.token)).toEqual({ ...NOTHING, offersToAnswer: 2, total: 2 });
  });

  it("counts the user's made chips waiting for activation, not other people's or live ones", async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db);
    const someoneElse = await insertUser(app.db);
    await insertChip(app.db, { creatorId: creator.user.id, ...CHIP_STATES.pending, priceCents: null });
    await insertChip(app.db, { creatorId: creator.user.id, ...CHIP_STATES.pending, ownerId: null });
    await insertChip(app.db, { creatorId: creator.user.id });
    await insertChip(app.db, { creatorId: someoneElse.user.id, ...CHIP_STATES.pending });
    // Shipped to its owner before activation: activating it is no longer possible, so it waits for nothing.
    await insertChip(app.db, { creatorId: creator.user.id, ...CHIP_STATES.pending, custody: 'with_owner' });

    expect(await attentionOf(app, creator.token)).toEqual({ ...NOTHING, artchipsToActivate: 2, total: 2 });
    expect(await attentionOf(app, someoneElse.token)).toEqual({
      ...NOTHING,
      artchipsToActivate: 1,
      total: 1,
    });
  });

  it('counts recent unpaid orders that Pay now can pay, not paid, old or unbuyable ones', async () => {
    const app = await buildTestApp();
    const buyer = await insertUser(app.db);
    const seller = await insertUser(app.db);
    // An unpaid mint (Pay now works), and a purchase whose payment failed while its chip is still listed.
    await insertOrder(app.db, { buyerId: buyer.user.id });
    const listed = await insertChip(app.db, { creatorId: seller.user.id });
    await insertOrder(app.db, {
      buyerId: buyer.user.id,
      orderType: 'purchase',
      chipId: listed.id,
      sellerId: seller.user.id,
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentMethod: 'card',
    });
    // Paid; placed before the notice window; a purchase of a chip sold since.
    await insertOrder(app.db, { buyerId: buyer.user.id, status: 'completed', paymentStatus: 'completed' });
    await insertOrder(app.db, {
      buyerId: buyer.user.id,
      createdAt: new Date(Date.now() - (UNPAID_ORDER_NOTICE_DAYS + 1) * DAY_MS),
    });
    const sold = await insertChip(app.db, { creatorId: seller.user.id, ...CHIP_STATES.sold });
    await insertOrder(app.db, {
      buyerId: buyer.user.id,
      orderType: 'purchase',
      chipId: sold.id,
      sellerId: seller.user.id,
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentMethod: 'card',
    });

    expect(await attentionOf(app, buyer.token)).toEqual({ ...NOTHING, ordersToPay: 2, total: 2 });
    // The same counts never leak to someone else.
    expect(await attentionOf(app, seller.token)).toEqual(NOTHING);
  });

  it('needs a user session', async () => {
    const app = await buildTestApp();
    const anonymous = await app.inject({ method: 'GET', url: '/api/my-attention' });
    expect(anonymous.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(anonymous.json()).code).toBe('UNAUTHENTICATED');

    const forged = await injectAs(app, 'not-a-session-token', { method: 'GET', url: '/api/my-attention' });
    expect(forged.statusCode).toBe(401);
    ApiErrorSchema.parse(forged.json());

    // An expired session is no session.
    const user = await insertUser(app.db);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.user.id));
    const expired = await injectAs(app, user.token, { method: 'GET', url: '/api/my-attention' });
    expect(expired.statusCode).toBe(401);
  });
});
