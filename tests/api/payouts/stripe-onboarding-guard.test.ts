// Decision 077 (issue 29): Stripe Connect onboarding is where the bank account payouts go to is set,
// so POST /api/my-payout-account/stripe-onboarding is guarded like PUT /api/my-payout-account: the
// current password (or a second-factor code), an e-mail to the owner with "this wasn't me", and the
// destination hold, started again each time the onboarding of the account payouts go to is opened.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  DESTINATION_PASSWORD_REQUIRED_MESSAGE,
  DESTINATION_PASSWORD_WRONG_MESSAGE,
  PayoutAccountSchema,
  PayoutSchema,
  StripeOnboardingSchema,
} from '#shared/payouts.schemas.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { paidSale } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser, withLongSession } from '#tests/factories/users.ts';
import { startFakeStripeConnect, type FakeStripeConnect } from '#tests/helpers/fake-stripe-connect.ts';

const HOUR = 3600 * 1000;
const URL = '/api/my-payout-account/stripe-onboarding';

let connect: FakeStripeConnect;
beforeAll(async () => {
  connect = await startFakeStripeConnect();
});
afterAll(async () => {
  await connect.close();
});

async function setup(env: Record<string, string> = connect.env) {
  let now = Date.parse('2026-11-28T14:00:00Z');
  const app = await buildTestApp({ env: { ...env, DEMO_PAYMENTS: 'true' }, clock: () => new Date(now) });
  const admin = await withLongSession(app.db, await insertAdmin(app.db));
  const seller = await withLongSession(app.db, await insertUser(app.db));
  return { app, admin, seller, advance: (ms: number) => (now += ms) };
}

function onboard(app: App, token: string, payload?: object) {
  return injectAs(app, token, { method: 'POST', url: URL, ...(payload ? { payload } : {}) });
}

async function changeMails(app: App, to: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'payout-destination-changed')));
}

async function account(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-payout-account' });
  expect(res.statusCode).toBe(200);
  return PayoutAccountSchema.parse(res.json());
}

describe('POST /api/my-payout-account/stripe-onboarding', () => {
  it('needs the current password: without it, or with a wrong one, no Stripe account is made', async () => {
    const { app, seller } = await setup();
    const before = connect.accounts.size;
    for (const [payload, message] of [
      [undefined, DESTINATION_PASSWORD_REQUIRED_MESSAGE],
      [{}, DESTINATION_PASSWORD_REQUIRED_MESSAGE],
      [{ currentPassword: 'not-my-password' }, DESTINATION_PASSWORD_WRONG_MESSAGE],
    ] as const) {
      const res = await onboard(app, seller.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).fieldErrors).toEqual({ currentPassword: [message] });
    }
    expect(connect.accounts.size).toBe(before);
    expect(await changeMails(app, seller.user.email)).toEqual([]);
    expect(await account(app, seller.token)).toMatchObject({ hasStripeAccount: false, method: 'manual' });
  });

  it("with it, the owner is mailed with a 'this wasn't me' link and payouts wait for the hold; opening it again restarts the hold", async () => {
    const { app, admin, seller, advance } = await setup();
    const res = await onboard(app, seller.token, { currentPassword: seller.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(StripeOnboardingSchema.parse(res.json()).url).toMatch(/^http/);
    const state = await account(app, seller.token);
    expect(state).toMatchObject({
      method: 'stripe_connect',
      hasStripeAccount: true,
      destinationSetAt: '2026-11-28T14:00:00.000Z',
      payableFrom: '2026-12-01T14:00:00.000Z',
    });
    const mails = await changeMails(app, seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Stripe Connect');
    expect(mails[0]!.text).toMatch(/payout-destination\/report\?token=/);
    const accountId = [...connect.accounts.keys()].at(-1)!;
    expect(mails[0]!.text).toContain(accountId.slice(-4));
    expect(mails[0]!.text).not.toContain(accountId);
    connect.onboard(accountId);
    expect(await account(app, seller.token)).toMatchObject({ stripeReady: true });

    // A sale, past its payout hold: the new Stripe account is not paid before the destination hold.
    const buyer = await withLongSession(app.db, await insertUser(app.db));
    await paidSale(app, seller.user.id, buyer.user.id, 10_000);
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { payoutHoldDays: 0 },
    });
    const pay = () =>
      injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/payouts/sellers/${seller.user.id}`,
        payload: {},
      });
    advance(71 * HOUR);
    const early = await pay();
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().message).toMatch(/payouts to it start Dec 1, 2026 at 14:00 UTC/);

    // Opening Stripe's onboarding again (where the bank account can be changed) restarts the hold.
    const again = await onboard(app, seller.token, { currentPassword: seller.password });
    expect(again.statusCode, again.body).toBe(200);
    expect(connect.accounts.has(accountId)).toBe(true);
    expect((await account(app, seller.token)).payableFrom).toBe('2026-12-04T13:00:00.000Z');
    expect(await changeMails(app, seller.user.email)).toHaveLength(2);
    advance(2 * HOUR);
    expect((await pay()).statusCode).toBe(422);
    advance(72 * HOUR);
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(201);
    expect(PayoutSchema.parse(paid.json())).toMatchObject({ method: 'stripe_connect', status: 'paid' });
  });

  it('says so before asking for a password where Stripe payouts are off; needs a session', async () => {
    const { app, seller } = await setup({});
    const off = await onboard(app, seller.token, {});
    expect(off.statusCode, off.body).toBe(422);
    expect(off.json().message).toBe('Stripe payouts are not available here.');
    expect((await injectAs(app, null, { method: 'POST', url: URL, payload: {} })).statusCode).toBe(401);
    const tooLong = await onboard(app, seller.token, { currentPassword: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
  });
});
