// Issue 25, finding 8: open holds were counted per client address, so an IPv6 client rotating through
// its /64 (2^64 addresses) held the whole catalogue. Now holds are limited per account (from any
// address) and per client network: an IPv4 address, or an IPv6 /64 (docs/decisions/041).
import { describe, expect, it } from 'vitest';
import { HOLD_LIMIT_MESSAGE, MAX_OPEN_HOLDS } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs, type TestAppOptions } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';

async function setup(chipCount: number, options: TestAppOptions = {}) {
  const app = await buildTestApp(options);
  const seller = await insertUser(app.db);
  const chips = [];
  for (let i = 0; i < chipCount; i++) {
    chips.push(await insertChip(app.db, { creatorId: seller.user.id, priceCents: 1000 + i }));
  }
  return { app, chipIds: chips.map((c) => c.id) };
}

let n = 0;
/** A guest checkout with a fresh e-mail each time: only the client network links them. */
function guestCheckout(app: App, chipId: number, ip: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: ip,
    headers,
    payload: purchaseBody(chipId, { email: `guest${n++}@example.com` }),
  });
}

function expectHoldLimit(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(409);
  expect(ApiErrorSchema.parse(res.json()).message).toBe(HOLD_LIMIT_MESSAGE);
}

describe('open holds per client network', () => {
  it('are shared by every address of one IPv6 /64, and not by the next /64', async () => {
    expect(MAX_OPEN_HOLDS).toBe(2);
    const { app, chipIds } = await setup(4);
    expect((await guestCheckout(app, chipIds[0]!, '2001:db8:1:2::a')).statusCode).toBe(200);
    expect((await guestCheckout(app, chipIds[1]!, '2001:db8:1:2:ffff:1:2:3')).statusCode).toBe(200);
    expectHoldLimit(await guestCheckout(app, chipIds[2]!, '2001:db8:1:2::b'));
    expectHoldLimit(await guestCheckout(app, chipIds[2]!, '2001:0db8:0001:0002:0000:0000:0000:00ff'));
    // Another /64 is another client.
    expect((await guestCheckout(app, chipIds[2]!, '2001:db8:1:3::a')).statusCode).toBe(200);
  });

  it('count an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 addresses apart', async () => {
    const { app, chipIds } = await setup(4);
    expect((await guestCheckout(app, chipIds[0]!, '203.0.113.7')).statusCode).toBe(200);
    expect((await guestCheckout(app, chipIds[1]!, '::ffff:203.0.113.7')).statusCode).toBe(200);
    expectHoldLimit(await guestCheckout(app, chipIds[2]!, '203.0.113.7'));
    expectHoldLimit(await guestCheckout(app, chipIds[2]!, '::ffff:203.0.113.7'));
    expect((await guestCheckout(app, chipIds[2]!, '203.0.113.8')).statusCode).toBe(200);
  });

  it('behind a trusted proxy, group the forwarded client address', async () => {
    const { app, chipIds } = await setup(4, { env: { TRUST_PROXY: 'true' } });
    const via = (client: string) => ({ 'x-forwarded-for': client });
    const proxy = '10.0.0.1';
    expect((await guestCheckout(app, chipIds[0]!, proxy, via('2001:db8:7:7::1'))).statusCode).toBe(200);
    expect((await guestCheckout(app, chipIds[1]!, proxy, via('2001:db8:7:7::2'))).statusCode).toBe(200);
    expectHoldLimit(await guestCheckout(app, chipIds[2]!, proxy, via('2001:db8:7:7::3')));
    // Through the same proxy, a client in another /64 is not the same client.
    expect((await guestCheckout(app, chipIds[2]!, proxy, via('2001:db8:7:8::1'))).statusCode).toBe(200);
  });

  it('without a trusted proxy, ignore X-Forwarded-For: the connection is the client', async () => {
    const { app, chipIds } = await setup(3);
    const socket = '2001:db8:5:5::1';
    expect(
      (await guestCheckout(app, chipIds[0]!, socket, { 'x-forwarded-for': '198.51.100.1' })).statusCode,
    ).toBe(200);
    expect(
      (await guestCheckout(app, chipIds[1]!, socket, { 'x-forwarded-for': '198.51.100.2' })).statusCode,
    ).toBe(200);
    expectHoldLimit(await guestCheckout(app, chipIds[2]!, socket, { 'x-forwarded-for': '198.51.100.3' }));
  });
});

describe('open holds per account', () => {
  it('are at most the limit for one signed-in account, from addresses in three networks', async () => {
    const { app, chipIds } = await setup(3);
    const buyer = await insertUser(app.db);
    const checkout = (chipId: number, ip: string) =>
      injectAs(app, buyer.token, {
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: ip,
        payload: purchaseBody(chipId),
      });
    expect((await checkout(chipIds[0]!, '203.0.113.20')).statusCode).toBe(200);
    expect((await checkout(chipIds[1]!, '2001:db8:a:1::1')).statusCode).toBe(200);
    expectHoldLimit(await checkout(chipIds[2]!, '2001:db8:b:1::1'));
    expectHoldLimit(await checkout(chipIds[2]!, '::ffff:198.51.100.30'));
  });

  it("are counted apart from a network's: an account holding one may hold a second where others hold one", async () => {
    const { app, chipIds } = await setup(3);
    const buyer = await insertUser(app.db);
    const office = '203.0.113.60';
    // A colleague behind the office's address holds one chip; the buyer holds one from home.
    expect((await guestCheckout(app, chipIds[0]!, office)).statusCode).toBe(200);
    const checkout = (chipId: number, ip: string) =>
      injectAs(app, buyer.token, {
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: ip,
        payload: purchaseBody(chipId),
      });
    expect((await checkout(chipIds[1]!, '198.51.100.40')).statusCode).toBe(200);
    // At the office the buyer holds one and the network one: both within the limit.
    expect((await checkout(chipIds[2]!, office)).statusCode).toBe(200);
  });
});
