// Issue 29, decision 071: where money goes changes only with the password; the owner is mailed with a
// "this wasn't me" link that freezes payouts and ends every session; a new destination is paid only
// after payoutDestinationHoldHours; a fast flip's proceeds wait for the purchase to be flipHoldDays old.
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  DESTINATION_PASSWORD_REQUIRED_MESSAGE,
  DESTINATION_PASSWORD_WRONG_MESSAGE,
  PayableBalanceListSchema,
  PayoutAccountSchema,
  SellerBalanceSchema,
} from '#shared/payouts.schemas.ts';
import { PAYOUTS_FROZEN_MESSAGE } from '#shared/payout-destination.ts';
import { TotpSetupSchema } from '#shared/two-factor.schemas.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser, withLongSession } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

async function setup() {
  let now = Date.parse('2026-11-28T14:00:00Z');
  const app = await buildTestApp({ clock: () => new Date(now) });
  const admin = await withLongSession(app.db, await insertAdmin(app.db));
  const seller = await withLongSession(app.db, await insertUser(app.db));
  const buyer = await withLongSession(app.db, await insertUser(app.db));
  return { app, admin, seller, buyer, advance: (ms: number) => (now += ms) };
}

function setAccount(app: App, token: string, payload: object) {
  return injectAs(app, token, { method: 'PUT', url: '/api/my-payout-account', payload });
}

function payOut(app: App, token: string, userId: number) {
  return injectAs(app, token, {
    method: 'POST',
    url: `/api/admin/payouts/sellers/${userId}`,
    payload: { txReference: 'BANK-1' },
  });
}

async function mailsTo(app: App, to: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'payout-destination-changed')));
}

/** The "this wasn't me" token from the newest change mail to `to`. */
async function reportToken(app: App, to: string): Promise<string> {
  const rows = await mailsTo(app, to);
  const text = rows.at(-1)!.text;
  const match = /payout-destination\/report\?token=([^\s"<>)]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

async function balance(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-payouts' });
  expect(res.statusCode).toBe(200);
  return SellerBalanceSchema.parse(res.json());
}

describe('protected payout destinations', () => {
  it('an account with two-factor sign-in may prove it with a code from its app instead of the password, once', async () => {
    const { app, seller, advance } = await setup();
    const started = await injectAs(app, seller.token, { method: 'POST', url: '/api/auth/2fa/totp' });
    const { secret } = TotpSetupSchema.parse(started.json());
    const epoch = Date.parse('2026-11-28T14:00:00Z') / 1000;
    const confirmed = await injectAs(app, seller.token, {
      method: 'POST',
      url: '/api/auth/2fa/totp/confirm',
      payload: { code: await generate({ secret, epoch }) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const wrong = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'me@paypal.example',
      totpCode: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).fieldErrors?.totpCode).toHaveLength(1);

    // The enrolment used this step's code: half a minute on, the next one changes the destination.
    advance(30_000);
    const code = await generate({ secret, epoch: epoch + 30 });
    const withCode = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'me@paypal.example',
      totpCode: code,
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(PayoutAccountSchema.parse(withCode.json()).paypalEmail).toBe('me@paypal.example');
    expect(await mailsTo(app, seller.user.email)).toHaveLength(1);
    // The same code again is a replay.
    const replay = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'other@paypal.example',
      totpCode: code,
    });
    expect(replay.statusCode).toBe(400);
  });
  it('a first destination without the password is refused, a wrong one too; with it the owner is mailed', async () => {
    const { app, seller } = await setup();
    const none = await setAccount(app, seller.token, { method: 'manual', paypalEmail: 'me@paypal.example' });
    expect(none.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(none.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { currentPassword: [DESTINATION_PASSWORD_REQUIRED_MESSAGE] },
    });
    const wrong = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'me@paypal.example',
      currentPassword: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).fieldErrors?.currentPassword).toEqual([
      DESTINATION_PASSWORD_WRONG_MESSAGE,
    ]);
    expect(await mailsTo(app, seller.user.email)).toHaveLength(0);
    const unchanged = PayoutAccountSchema.parse(
      (await injectAs(app, seller.token, { method: 'GET', url: '/api/my-payout-account' })).json(),
    );
    expect(unchanged.paypalEmail).toBeNull();

    const ok = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'me@paypal.example',
      currentPassword: seller.password,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(PayoutAccountSchema.parse(ok.json())).toMatchObject({
      paypalEmail: 'me@paypal.example',
      destinationSetAt: '2026-11-28T14:00:00.000Z',
      payableFrom: '2026-12-01T14:00:00.000Z',
      payoutsFrozen: false,
    });
    const [mail] = await mailsTo(app, seller.user.email);
    expect(mail!.text).toContain('m•••@paypal.example');
    expect(mail!.text).not.toContain('me@paypal.example');
    expect(mail!.text).toContain('Dec 1, 2026 at 14:00 UTC');

    // Saving the same destination again asks nothing and mails nothing.
    const same = await setAccount(app, seller.token, { method: 'manual', paypalEmail: 'me@paypal.example' });
    expect(same.statusCode).toBe(200);
    expect(await mailsTo(app, seller.user.email)).toHaveLength(1);
  });

  it("the profile's PayPal e-mail needs the password when it changes, not for the other fields", async () => {
    const { app, seller } = await setup();
    const base = { firstName: 'Sel', lastName: 'Ler', username: seller.user.username };
    const put = (payload: object) =>
      injectAs(app, seller.token, { method: 'PUT', url: '/api/users/profile', payload });
    expect((await put({ ...base, firstName: 'Other' })).statusCode).toBe(200);
    const refused = await put({ ...base, paypalEmail: 'new@paypal.example' });
    expect(refused.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(refused.json()).fieldErrors?.currentPassword).toEqual([
      DESTINATION_PASSWORD_REQUIRED_MESSAGE,
    ]);
    expect(
      (await put({ ...base, paypalEmail: 'new@paypal.example', currentPassword: 'wrong-one' })).statusCode,
    ).toBe(400);
    const ok = await put({ ...base, paypalEmail: 'new@paypal.example', currentPassword: seller.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await mailsTo(app, seller.user.email)).toHaveLength(1);
    // Unchanged e-mail with other fields: no password.
    expect((await put({ ...base, lastName: 'Changed', paypalEmail: 'new@paypal.example' })).statusCode).toBe(
      200,
    );
  });

  it('wrong passwords count toward the log-in back-off', async () => {
    let now = Date.parse('2026-11-28T14:00:00Z');
    const app = await buildTestApp({ clock: () => new Date(now), env: { RATE_LIMIT: 'true' } });
    const seller = await insertUser(app.db);
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await setAccount(app, seller.token, {
        method: 'manual',
        paypalEmail: 'x@paypal.example',
        currentPassword: `wrong-${i}`,
      });
      last = res.statusCode;
      now += 1000;
    }
    expect(last).toBe(429);
    // Even the right password waits while it backs off.
    const right = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'x@paypal.example',
      currentPassword: seller.password,
    });
    expect(right.statusCode).toBe(429);
  });

  it("a payout to a new destination is refused until the hold passes; 'this wasn't me' freezes payouts and ends sessions", async () => {
    const { app, admin, seller, buyer, advance } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 10_000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, buyer.token, chip.id);
    advance(7 * DAY);
    const set = await setAccount(app, seller.token, {
      method: 'manual',
      paypalEmail: 'me@paypal.example',
      currentPassword: seller.password,
    });
    expect(set.statusCode, set.body).toBe(200);

    const screen = PayableBalanceListSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/payouts' })).json(),
    );
    expect(screen).toEqual([
      expect.objectContaining({
        userId: seller.user.id,
        destinationSetAt: '2026-12-05T14:00:00.000Z',
        payableFrom: '2026-12-08T14:00:00.000Z',
        payoutsFrozen: false,
      }),
    ]);
    const early = await payOut(app, admin.token, seller.user.id);
    expect(early.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(early.json()).message).toBe(
      "This seller's payout destination changed on Dec 5, 2026 at 14:00 UTC; payouts to it start Dec 8, 2026 at 14:00 UTC.",
    );
    advance(72 * HOUR - 1000);
    expect((await payOut(app, admin.token, seller.user.id)).statusCode).toBe(422);
    advance(1000);

    // The owner says it was not them: frozen, every session signed out.
    const token = await reportToken(app, seller.user.email);
    const report = await app.inject({
      method: 'POST',
      url: '/api/payout-destination/report',
      payload: { token },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await injectAs(app, seller.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(
      401,
    );
    const again = await app.inject({
      method: 'POST',
      url: '/api/payout-destination/report',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    const frozen = await payOut(app, admin.token, seller.user.id);
    expect(frozen.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(frozen.json()).message).toBe(PAYOUTS_FROZEN_MESSAGE);
    const list = PayableBalanceListSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/payouts' })).json(),
    );
    expect(list[0]).toMatchObject({ payoutsFrozen: true });

    // Only an admin unfreezes; then the payout goes.
    const other = await withLongSession(app.db, await insertUser(app.db));
    const unfreeze = (t: string) =>
      injectAs(app, t, {
        method: 'POST',
        url: `/api/admin/payouts/users/${seller.user.id}/unfreeze`,
        payload: { note: 'Checked by phone' },
      });
    expect((await unfreeze(other.token)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/payouts/users/${seller.user.id}/unfreeze`,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    expect((await unfreeze(admin.token)).statusCode).toBe(200);
    expect((await unfreeze(admin.token)).statusCode).toBe(422);
    expect((await payOut(app, admin.token, seller.user.id)).statusCode).toBe(201);
  });

  it("an affiliate's new PayPal e-mail waits its hold, and a frozen affiliate is not paid (the spec's affiliate payout)", async () => {
    const { app, admin, seller: affiliate, advance } = await setup();
    const changed = await injectAs(app, affiliate.token, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: {
        firstName: 'Af',
        lastName: 'Filiate',
        username: affiliate.user.username,
        paypalEmail: 'aff@paypal.example',
        currentPassword: affiliate.password,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const pay = () =>
      injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/affiliate-payout/${affiliate.user.id}`,
        payload: {},
      });
    const held = await pay();
    expect(held.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(held.json()).message).toMatch(/payouts to it start Dec 1, 2026 at 14:00 UTC/);
    advance(72 * HOUR);
    // Past the hold: refused only for having nothing to pay.
    expect(ApiErrorSchema.parse((await pay()).json()).message).not.toMatch(/payouts to it start/);
    const token = await reportToken(app, affiliate.user.email);
    expect(
      (await app.inject({ method: 'POST', url: '/api/payout-destination/report', payload: { token } }))
        .statusCode,
    ).toBe(200);
    expect(ApiErrorSchema.parse((await pay()).json()).message).toBe(PAYOUTS_FROZEN_MESSAGE);
  });

  it('routes: the payout account needs a session; the report needs a real token', async () => {
    const { app } = await setup();
    expect(
      (await app.inject({ method: 'PUT', url: '/api/my-payout-account', payload: { method: 'manual' } }))
        .statusCode,
    ).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/payout-destination/report',
      payload: { token: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).code).toBe('INVALID_TOKEN');
    const empty = await app.inject({ method: 'POST', url: '/api/payout-destination/report', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(empty.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('fast-flip hold', () => {
  it('proceeds of reselling a chip bought 10 days ago wait until the purchase is 30 days old', async () => {
    const { app, admin, seller, buyer, advance } = await setup();
    const flipper = await withLongSession(
      app.db,
      await insertUser(app.db, { paypalEmail: 'flip@paypal.example' }),
    );
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 1000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, flipper.token, chip.id); // Nov 28, 14:00
    advance(10 * DAY);
    const resell = await injectAs(app, flipper.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '20.00' },
    });
    expect(resell.statusCode, resell.body).toBe(200);
    await buyAndPay(app, buyer.token, chip.id); // Dec 8, 14:00: a flip

    advance(7 * DAY); // past the payout hold, not past the flip hold
    expect(await balance(app, flipper.token)).toMatchObject({
      payableCents: 0,
      pendingCents: 1400,
      nextPayableAt: '2026-12-28T14:00:00.000Z',
    });
    expect((await payOut(app, admin.token, flipper.user.id)).statusCode).toBe(422);
    advance(13 * DAY - 1000);
    expect((await balance(app, flipper.token)).payableCents).toBe(0);
    advance(1000); // Dec 28, 14:00: the purchase is 30 days old
    expect(await balance(app, flipper.token)).toMatchObject({ payableCents: 1400, pendingCents: 0 });
    expect((await payOut(app, admin.token, flipper.user.id)).statusCode).toBe(201);
  });

  it('a resale long after the purchase waits only the payout hold', async () => {
    const { app, seller, buyer, advance } = await setup();
    const holder = await withLongSession(
      app.db,
      await insertUser(app.db, { paypalEmail: 'keep@paypal.example' }),
    );
    const chip = await insertChip(app.db, {
      creatorId: seller.user.id,
      priceCents: 1000,
      highestPriceCents: 0,
    });
    await buyAndPay(app, holder.token, chip.id);
    advance(40 * DAY);
    const resell = await injectAs(app, holder.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '20.00' },
    });
    expect(resell.statusCode, resell.body).toBe(200);
    await buyAndPay(app, buyer.token, chip.id);
    advance(7 * DAY);
    expect((await balance(app, holder.token)).payableCents).toBe(1400);
  });
});
