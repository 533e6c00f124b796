// Issue 14, finding 4: anonymous guest checkouts held every listed chip for 15 minutes without paying
// (8 requests held all 8, and a real buyer got 409 on each). Now one client and one e-mail hold at
// most MAX_OPEN_HOLDS chips at a time.
import { describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  GUEST_ACCOUNT_EXISTS_MESSAGE,
  HOLD_LIMIT_MESSAGE,
  MAX_OPEN_HOLDS,
} from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

async function setup(chipCount = 4) {
  const app = await buildTestApp();
  const seller = await insertUser(app.db);
  const chips = [];
  for (let i = 0; i < chipCount; i++) {
    chips.push(await insertChip(app.db, { creatorId: seller.user.id, priceCents: 1000 + i }));
  }
  return { app, chips };
}

function guestCheckout(app: App, chipId: number, email: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: ip,
    payload: purchaseBody(chipId, { email }),
  });
}

function expectHoldLimit(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(409);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(HOLD_LIMIT_MESSAGE);
}

describe('open checkout holds', () => {
  it('are at most two per client, and a real buyer elsewhere still buys the rest', async () => {
    const { app, chips } = await setup(4);
    const hoarder = '203.0.113.7';
    for (let i = 0; i < MAX_OPEN_HOLDS; i++) {
      expect((await guestCheckout(app, chips[i]!.id, `hoard${i}@example.com`, hoarder)).statusCode).toBe(200);
    }
    expectHoldLimit(await guestCheckout(app, chips[2]!.id, 'hoard9@example.com', hoarder));
    const buyer = await guestCheckout(app, chips[2]!.id, 'real@example.com', '198.51.100.4');
    expect(buyer.statusCode).toBe(200);
  });

  it('are one per guest e-mail, from any client: its account is then an existing one (decision 035)', async () => {
    const { app, chips } = await setup(3);
    expect((await guestCheckout(app, chips[0]!.id, 'same@example.com', '203.0.113.1')).statusCode).toBe(200);
    const again = await guestCheckout(app, chips[1]!.id, 'same@example.com', '203.0.113.2');
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).message).toBe(GUEST_ACCOUNT_EXISTS_MESSAGE);
  });

  it('are at most two per signed-in buyer; checking out the same chip again replaces, paying frees', async () => {
    const { app, chips } = await setup(3);
    const buyer = await insertUser(app.db);
    const checkout = (chipId: number, ip: string) =>
      injectAs(app, buyer.token, {
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: ip,
        payload: purchaseBody(chipId),
      });
    expect((await checkout(chips[0]!.id, '203.0.113.1')).statusCode).toBe(200);
    const second = await checkout(chips[1]!.id, '203.0.113.2');
    expect(second.statusCode).toBe(200);
    // Starting the same chip's checkout again replaces the buyer's own hold: still two.
    expect((await checkout(chips[1]!.id, '203.0.113.2')).statusCode).toBe(200);
    expectHoldLimit(await checkout(chips[2]!.id, '203.0.113.3'));

    const { orderId } = CheckoutResponseSchema.parse((await checkout(chips[0]!.id, '203.0.113.1')).json());
    const paid = await injectAs(app, buyer.token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
    expect(paid.statusCode).toBe(200);
    expect((await checkout(chips[2]!.id, '203.0.113.3')).statusCode).toBe(200);
  });

  it('hold under concurrent checkouts from one client: exactly two succeed', async () => {
    const { app, chips } = await setup(5);
    const results = await Promise.all(
      chips.map((chip, i) => guestCheckout(app, chip.id, `race${i}@example.com`, '203.0.113.50')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409]);
  });

  it('count a Pay now that holds a lapsed chip again', async () => {
    let now = Date.now();
    const app = await buildTestApp({ clock: () => new Date(now) });
    const seller = await insertUser(app.db);
    const chips = [];
    for (let i = 0; i < 3; i++)
      chips.push(await insertChip(app.db, { creatorId: seller.user.id, priceCents: 900 }));
    const buyer = await insertUser(app.db);
    const ip = '203.0.113.9';
    const first = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      remoteAddress: ip,
      payload: purchaseBody(chips[0]!.id),
    });
    const { orderId } = CheckoutResponseSchema.parse(first.json());
    now += 16 * 60_000;
    // The first hold lapsed; two guests from the same client hold the other chips.
    expect((await guestCheckout(app, chips[1]!.id, 'g1@example.com', ip)).statusCode).toBe(200);
    expect((await guestCheckout(app, chips[2]!.id, 'g2@example.com', ip)).statusCode).toBe(200);
    const again = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      remoteAddress: ip,
      payload: {},
    });
    expectHoldLimit(again);
    // From elsewhere the buyer holds only this chip: allowed.
    const elsewhere = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      remoteAddress: '198.51.100.20',
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
