// Issue 14, finding 2: a guest checkout with someone else's e-mail wrote the attacker's address into
// that person's address book and put the order in their My Orders. Issue 25 went further: a guest
// checkout never buys into an existing account at all (decision 035); orders placed before, still
// waiting for their buyer to confirm, join the account only from the e-mailed link.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, GUEST_ACCOUNT_EXISTS_MESSAGE } from '#shared/checkout.schemas.ts';
import {
  CONFIRM_BUYER_INVALID_MESSAGE,
  ConfirmBuyerResponseSchema,
  OrderListSchema,
} from '#shared/orders.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { createSession } from '#server/modules/auth/auth.service.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { shippingAddresses } from '#server/modules/users/users.table.ts';
import { findOrCreateGuestUser } from '#server/modules/users/users.service.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertOrder, purchaseBody } from '#tests/factories/orders.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const VICTIM = 'victim@example.com';
const ATTACKER_ADDRESS = {
  shippingOption: 'ship' as const,
  shippingAddressId: 'new' as const,
  newAddressName: 'Mallory',
  newAddressLine1: '1 Drop Street',
  newAddressCity: 'Springfield',
  newAddressState: 'IL',
  newAddressZip: '62701',
  newAddressCountry: 'US',
  saveAddress: true,
};

/** A victim who once bought as a guest: a password-less account with a saved address and a session. */
async function setup() {
  const app = await buildTestApp();
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const { user: victim } = await findOrCreateGuestUser(app.db, VICTIM);
  const victimAddress = await insertAddress(app.db, victim.id);
  const victimToken = await createSession(app.db, victim.id, 'user', app.clock());
  return { app, chip, victim, victimAddress, victimToken };
}

async function myOrderIds(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-orders' });
  expect(res.statusCode).toBe(200);
  return OrderListSchema.parse(res.json()).map((o) => o.id);
}

function confirm(app: App, orderId: number, token: string) {
  return app.inject({ method: 'POST', url: `/api/orders/${orderId}/confirm-buyer`, payload: { token } });
}

describe('a guest checkout with the e-mail of an existing account', () => {
  it('is refused, and saves nothing into its address book', async () => {
    const { app, chip, victim, victimAddress } = await setup();
    for (const payload of [
      purchaseBody(chip.id, { email: VICTIM, ...ATTACKER_ADDRESS }),
      purchaseBody(chip.id, { email: VICTIM, shippingOption: 'ship', shippingAddressId: victimAddress.id }),
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/checkout', payload });
      expect(res.statusCode).toBe(409);
      expect(ApiErrorSchema.parse(res.json()).message).toBe(GUEST_ACCOUNT_EXISTS_MESSAGE);
    }
    const book = await app.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, victim.id));
    expect(book.map((a) => a.name)).toEqual(['Ada Buyer']);
    expect(await app.db.select().from(orders).where(eq(orders.buyerId, victim.id))).toHaveLength(0);
  });

  it('still saves the address of a guest whose checkout made the account', async () => {
    const { app, chip } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { email: 'first-time@example.com', ...ATTACKER_ADDRESS }),
    });
    const placed = CheckoutResponseSchema.parse(res.json());
    expect(placed.newAccount).toBe(true);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row?.buyerConfirmation).toBe('not_needed');
    const book = await app.db
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.userId, row!.buyerId));
    expect(book.map((a) => a.name)).toEqual(['Mallory']);
  });
});

describe('an order placed before, waiting for its buyer to confirm', () => {
  it('stays out of the account until the e-mailed link confirms it, once', async () => {
    const { app, victim, victimToken } = await setup();
    const order = await insertOrder(app.db, {
      buyerId: victim.id,
      buyerConfirmation: 'pending',
      buyerConfirmTokenHash: hashToken('mailed-token'),
    });
    expect(await myOrderIds(app, victimToken)).not.toContain(order.id);
    expect((await confirm(app, order.id, 'wrong-token')).statusCode).toBe(404);
    const done = await confirm(app, order.id, 'mailed-token');
    expect(done.statusCode).toBe(200);
    expect(ConfirmBuyerResponseSchema.parse(done.json())).toEqual({ orderId: order.id, confirmed: true });
    expect(await myOrderIds(app, victimToken)).toContain(order.id);
    const again = await confirm(app, order.id, 'mailed-token');
    expect(again.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(again.json()).message).toBe(CONFIRM_BUYER_INVALID_MESSAGE);
  });
});

describe('POST /api/orders/:id/confirm-buyer', () => {
  it('refuses a missing token and an order that waits for no confirmation', async () => {
    const { app, victim } = await setup();
    const missing = await app.inject({ method: 'POST', url: '/api/orders/1/confirm-buyer', payload: {} });
    expect(missing.statusCode).toBe(400);
    const signedIn = await insertUser(app.db);
    const own = await injectAs(app, signedIn.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody((await insertChip(app.db, { creatorId: victim.id, priceCents: 900 })).id),
    });
    const { orderId } = CheckoutResponseSchema.parse(own.json());
    const res = await confirm(app, orderId, 'any-token');
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(CONFIRM_BUYER_INVALID_MESSAGE);
  });
});
