// Issue 14, finding 2: a guest checkout with someone else's e-mail wrote the attacker's address into
// that person's address book and put the order in their My Orders. Now nothing is written into an
// existing account until the address's owner confirms the order from the e-mailed link.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, SELECT_ADDRESS_MESSAGE } from '#shared/checkout.schemas.ts';
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
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, purchaseBody } from '#tests/factories/orders.ts';
import { latestMailTo, tokenFromMail } from '#tests/factories/auth.ts';

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

async function guestCheckout(app: App, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/checkout', payload });
  expect(res.statusCode).toBe(200);
  return CheckoutResponseSchema.parse(res.json());
}

async function payAsGuest(app: App, redirectUrl: string, orderId: number) {
  const token = new URL(redirectUrl, 'http://x').searchParams.get('token');
  const res = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/complete?token=${token}` });
  expect(res.statusCode).toBe(200);
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
  it('saves nothing into its address book and stays out of its orders until the owner confirms', async () => {
    const { app, chip, victim, victimToken } = await setup();
    const placed = await guestCheckout(app, purchaseBody(chip.id, { email: VICTIM, ...ATTACKER_ADDRESS }));
    expect(placed.newAccount).toBe(false);
    await payAsGuest(app, placed.redirectUrl, placed.orderId);

    const book = await app.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, victim.id));
    expect(book.map((a) => a.name)).not.toContain('Mallory');
    expect(book).toHaveLength(1);
    expect(await myOrderIds(app, victimToken)).not.toContain(placed.orderId);
    const read = await injectAs(app, victimToken, { method: 'GET', url: `/api/orders/${placed.orderId}` });
    expect(read.statusCode).toBe(404);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row).toMatchObject({ buyerConfirmation: 'pending', buyerId: victim.id });

    // The confirmation e-mail asks the address's owner; its link adds the order, once.
    const mail = await latestMailTo(app.db, VICTIM, 'order-confirmation');
    expect(mail?.text).toContain('without signing in');
    const token = tokenFromMail(mail!.text, '/confirm-order');
    expect((await confirm(app, placed.orderId, 'wrong-token')).statusCode).toBe(404);
    const done = await confirm(app, placed.orderId, token);
    expect(done.statusCode).toBe(200);
    expect(ConfirmBuyerResponseSchema.parse(done.json())).toEqual({
      orderId: placed.orderId,
      confirmed: true,
    });
    expect(await myOrderIds(app, victimToken)).toContain(placed.orderId);

    const again = await confirm(app, placed.orderId, token);
    expect(again.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(again.json()).message).toBe(CONFIRM_BUYER_INVALID_MESSAGE);
  });

  it('cannot ship to one of the account’s saved addresses', async () => {
    const { app, chip, victimAddress } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, {
        email: VICTIM,
        shippingOption: 'ship',
        shippingAddressId: victimAddress.id,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(SELECT_ADDRESS_MESSAGE);
  });

  it('still saves the address of a guest whose checkout made the account', async () => {
    const { app, chip } = await setup();
    const placed = await guestCheckout(
      app,
      purchaseBody(chip.id, { email: 'first-time@example.com', ...ATTACKER_ADDRESS }),
    );
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
