// Issue 14, finding 4 (the rest): a checkout's hold lasts as long as the payment provider needs, and
// never blocks a buyer who is paying while the holder is idle (docs/decisions/033). A checkout's hold
// is idle until its buyer starts paying (POST /api/orders/:id/payment-started); the first buyer to
// start paying keeps the chip for the provider's window, and the other order is answered before any
// money moves.
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_EXPIRED_MESSAGE,
  CHIP_RESERVED_MESSAGE,
  CheckoutResponseSchema,
  PaymentStartedResponseSchema,
} from '#shared/checkout.schemas.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Buyer = Awaited<ReturnType<typeof insertUser>>;

const MINUTE = 60_000;

async function setup() {
  let now = Date.parse('2026-11-24T12:00:00Z');
  const app = await buildTestApp({ clock: () => new Date(now) });
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const [alice, bob] = [await insertUser(app.db), await insertUser(app.db)];
  return { app, chip, alice, bob, advance: (ms: number) => (now += ms), now: () => now };
}

async function checkout(app: App, buyer: Buyer, chipId: number) {
  return injectAs(app, buyer.token, { method: 'POST', url: '/api/checkout', payload: purchaseBody(chipId) });
}

async function placed(app: App, buyer: Buyer, chipId: number): Promise<number> {
  const res = await checkout(app, buyer, chipId);
  expect(res.statusCode).toBe(200);
  return CheckoutResponseSchema.parse(res.json()).orderId;
}

function startPaying(app: App, buyer: Buyer | null, orderId: number, token?: string) {
  const request = {
    method: 'POST' as const,
    url: `/api/orders/${orderId}/payment-started`,
    payload: token ? { token } : {},
  };
  return buyer ? injectAs(app, buyer.token, request) : app.inject(request);
}

function complete(app: App, buyer: Buyer, orderId: number) {
  return injectAs(app, buyer.token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
}

async function isReserved(app: App, chipId: number): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url: `/api/artchip/${chipId}` });
  return ChipSchema.parse(res.json()).isReserved;
}

function expectConflict(res: { statusCode: number; json: () => unknown }, message: string) {
  expect(res.statusCode).toBe(409);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
}

describe('a checkout hold whose buyer is idle', () => {
  it('does not block another buyer, who pays and gets the chip; the idle buyer is told before paying', async () => {
    const { app, chip, alice, bob } = await setup();
    const alicesOrder = await placed(app, alice, chip.id);
    // Alice reached the payment page and went away: the chip still shows as buyable.
    expect(await isReserved(app, chip.id)).toBe(false);

    const bobsOrder = await placed(app, bob, chip.id);
    const started = await startPaying(app, bob, bobsOrder);
    expect(started.statusCode).toBe(200);
    expect(PaymentStartedResponseSchema.parse(started.json()).holdUntil).not.toBeNull();
    expect(await isReserved(app, chip.id)).toBe(true);

    // Alice comes back and presses Pay: refused before her payment reaches the provider.
    expectConflict(await startPaying(app, alice, alicesOrder), CHIP_RESERVED_MESSAGE);
    expect((await complete(app, bob, bobsOrder)).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}` });
    expect(ChipSchema.parse(after.json()).status).toBe('sold');
  });

  it('is taken back by its own buyer when they start paying while the other buyer is idle', async () => {
    const { app, chip, alice, bob } = await setup();
    const alicesOrder = await placed(app, alice, chip.id);
    const bobsOrder = await placed(app, bob, chip.id);
    expect((await startPaying(app, alice, alicesOrder)).statusCode).toBe(200);
    expectConflict(await startPaying(app, bob, bobsOrder), CHIP_RESERVED_MESSAGE);
    expectConflict(await checkout(app, bob, chip.id), CHIP_RESERVED_MESSAGE);
    expect((await complete(app, alice, alicesOrder)).statusCode).toBe(200);
  });

  it('loses the chip to a buyer whose payment arrives first, even without the payment-started call', async () => {
    const { app, chip, alice, bob } = await setup();
    const alicesOrder = await placed(app, alice, chip.id);
    const bobsOrder = await placed(app, bob, chip.id);
    expect((await complete(app, alice, alicesOrder)).statusCode).toBe(200);
    // Bob's payment comes too late: refused, and his money goes back (the demo refund is immediate).
    const late = await complete(app, bob, bobsOrder);
    expect(late.statusCode).toBe(409);
    expectConflict(await startPaying(app, bob, bobsOrder), CHECKOUT_EXPIRED_MESSAGE);
  });
});

describe('a buyer who started paying', () => {
  it('keeps the chip for the provider’s window, past the checkout’s 15 minutes', async () => {
    const { app, chip, alice, bob, advance } = await setup();
    const alicesOrder = await placed(app, alice, chip.id);
    advance(14 * MINUTE);
    const started = await startPaying(app, alice, alicesOrder);
    expect(started.statusCode).toBe(200);
    const { holdUntil } = PaymentStartedResponseSchema.parse(started.json());
    // The demo provider's window is 15 minutes from the start of the payment.
    expect(Date.parse(holdUntil!)).toBe(Date.parse('2026-11-24T12:00:00Z') + 29 * MINUTE);

    advance(6 * MINUTE); // 20 minutes after checkout: the checkout's own hold would have lapsed
    expect(await isReserved(app, chip.id)).toBe(true);
    expectConflict(await checkout(app, bob, chip.id), CHIP_RESERVED_MESSAGE);
    expect((await complete(app, alice, alicesOrder)).statusCode).toBe(200);
  });

  it('cannot start after the checkout’s quote expired; after paying it keeps nothing', async () => {
    const { app, chip, alice, advance } = await setup();
    const expiring = await placed(app, alice, chip.id);
    advance(16 * MINUTE);
    expectConflict(await startPaying(app, alice, expiring), CHECKOUT_EXPIRED_MESSAGE);

    const order = await placed(app, alice, chip.id);
    expect((await startPaying(app, alice, order)).statusCode).toBe(200);
    // Pressing Pay again (a retried card) keeps the same window.
    expect((await startPaying(app, alice, order)).statusCode).toBe(200);
    expect((await complete(app, alice, order)).statusCode).toBe(200);
    const again = await startPaying(app, alice, order);
    expect(again.statusCode).toBe(200);
    expect(PaymentStartedResponseSchema.parse(again.json()).holdUntil).toBeNull();
  });
});

describe('POST /api/orders/:id/payment-started', () => {
  it('answers only the buyer, or a guest browser holding its checkout token', async () => {
    const { app, chip, alice, bob } = await setup();
    const order = await placed(app, alice, chip.id);
    expect((await startPaying(app, bob, order)).statusCode).toBe(404);
    expect((await startPaying(app, null, order)).statusCode).toBe(404);
    expect((await startPaying(app, null, order, 'not-the-token')).statusCode).toBe(404);
    expect((await startPaying(app, null, 987_654)).statusCode).toBe(404);

    const guest = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody((await insertChip(app.db, { creatorId: alice.user.id, priceCents: 700 })).id, {
        email: 'guest-payer@example.com',
      }),
    });
    const { orderId, guestToken } = CheckoutResponseSchema.parse(guest.json());
    expect(guestToken).toBeDefined();
    const byGuest = await startPaying(app, null, orderId, guestToken);
    expect(byGuest.statusCode).toBe(200);
  });

  it('refuses bad ids and bodies with 400', async () => {
    const { app, alice } = await setup();
    const bad = await injectAs(app, alice.token, {
      method: 'POST',
      url: '/api/orders/abc/payment-started',
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    const badToken = await injectAs(app, alice.token, {
      method: 'POST',
      url: '/api/orders/1/payment-started',
      payload: { token: 5 },
    });
    expect(badToken.statusCode).toBe(400);
  });
});
