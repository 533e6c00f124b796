import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  EmailSignupResponseSchema,
  SubscriptionChangeResponseSchema,
} from '#shared/subscriptions.schemas.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import {
  countSubscriptions,
  findSubscription,
  insertSubscription,
  mailsTo,
  tokenFromLink,
} from '#tests/factories/subscriptions.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const PUBLIC_URL = 'http://localhost:3000';

function signUp(app: App, payload: unknown, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/email-signup',
    payload: payload as object,
    remoteAddress: ip,
  });
}

function confirm(app: App, token: unknown) {
  return app.inject({ method: 'POST', url: '/api/email-signup/confirm', payload: { token } });
}

describe('POST /api/email-signup', () => {
  it('adds the address as not confirmed and mails a confirmation with one-click unsubscribe', async () => {
    const app = await buildTestApp();
    const res = await signUp(app, { email: 'fan@example.com' });
    expect(res.statusCode).toBe(200);
    expect(EmailSignupResponseSchema.parse(res.json()).message).toMatch(/confirm/i);

    const row = await findSubscription(app.db, 'fan@example.com');
    expect(row).toMatchObject({ status: 'not_confirmed', confirmedAt: null });
    const [mail, ...more] = await mailsTo(app.db, 'fan@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Confirm your subscription to Artchip news');
    expect(mail!.text).toContain(`${PUBLIC_URL}/email-list/confirm?token=`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/email-list/unsubscribe?token=${row!.unsubscribeToken}`);
    expect(mail!.html).toContain('Confirm my subscription');
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/email-signup/unsubscribe?token=${row!.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it.each([
    [{ email: '' }, 'Please enter your email address.'],
    [{ email: '   ' }, 'Please enter your email address.'],
    [{}, 'Please enter your email address.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('rejects %j with "%s"', async (payload, message) => {
    const app = await buildTestApp();
    const res = await signUp(app, payload);
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(body.fieldErrors?.email).toEqual([message]);
    expect(await countSubscriptions(app.db)).toBe(0);
  });

  it('does not duplicate an address, whatever its case, and re-sends the confirmation with a fresh link', async () => {
    const app = await buildTestApp();
    await signUp(app, { email: 'Fan@Example.com' });
    const again = await signUp(app, { email: '  fan@example.COM ' });
    expect(again.statusCode).toBe(200);
    expect(await countSubscriptions(app.db)).toBe(1);
    const mails = await mailsTo(app.db, 'fan@example.com');
    expect(mails).toHaveLength(2);
    const oldToken = tokenFromLink(mails[0]!.text, '/email-list/confirm');
    const newToken = tokenFromLink(mails[1]!.text, '/email-list/confirm');
    expect((await confirm(app, oldToken)).statusCode).toBe(400);
    expect((await confirm(app, newToken)).statusCode).toBe(200);
  });

  it('answers a confirmed address with the same success and changes nothing', async () => {
    const app = await buildTestApp();
    const { row } = await insertSubscription(app.db, {
      email: 'done@example.com',
      status: 'confirmed',
      confirmTokenHash: null,
      confirmedAt: new Date('2030-01-01T00:00:00Z'),
    });
    const res = await signUp(app, { email: 'done@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await signUp(app, { email: 'someone-new@example.com' })).json());
    expect(await findSubscription(app.db, 'done@example.com')).toMatchObject({
      status: 'confirmed',
      confirmedAt: row.confirmedAt,
      confirmTokenHash: null,
    });
    expect(await mailsTo(app.db, 'done@example.com')).toHaveLength(0);
  });

  it('puts an unsubscribed address back to not confirmed with a new confirmation', async () => {
    const app = await buildTestApp();
    const { row } = await insertSubscription(app.db, {
      email: 'back@example.com',
      status: 'unsubscribed',
      confirmTokenHash: null,
      unsubscribedAt: new Date('2030-01-01T00:00:00Z'),
    });
    expect((await signUp(app, { email: 'back@example.com' })).statusCode).toBe(200);
    expect(await findSubscription(app.db, 'back@example.com')).toMatchObject({
      id: row.id,
      status: 'not_confirmed',
      unsubscribedAt: null,
    });
    const [mail] = await mailsTo(app.db, 'back@example.com');
    expect((await confirm(app, tokenFromLink(mail!.text, '/email-list/confirm'))).statusCode).toBe(200);
  });

  it('allows 5 sign-ups a minute per client', async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 5; i++)
      expect((await signUp(app, { email: `fan${i}@example.com` })).statusCode).toBe(200);
    const limited = await signUp(app, { email: 'fan6@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(limited.json()).code).toBe('RATE_LIMITED');
    expect(await findSubscription(app.db, 'fan6@example.com')).toBeUndefined();
    expect((await signUp(app, { email: 'other@example.com' }, '10.0.0.2')).statusCode).toBe(200);
  });

  it('does not limit when rate limiting is off', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    for (let i = 0; i < 7; i++)
      expect((await signUp(app, { email: `fan${i}@example.com` })).statusCode).toBe(200);
  });
});

describe('POST /api/email-signup/confirm', () => {
  it('confirms the address once; the used link is then invalid', async () => {
    let now = Date.parse('2030-02-01T10:00:00Z');
    const app = await buildTestApp({ clock: () => new Date(now) });
    await signUp(app, { email: 'fan@example.com' });
    const [mail] = await mailsTo(app.db, 'fan@example.com');
    const token = tokenFromLink(mail!.text, '/email-list/confirm');
    now += 60_000;
    const res = await confirm(app, token);
    expect(res.statusCode).toBe(200);
    expect(SubscriptionChangeResponseSchema.parse(res.json()).status).toBe('confirmed');
    expect(await findSubscription(app.db, 'fan@example.com')).toMatchObject({
      status: 'confirmed',
      confirmedAt: new Date(now),
      confirmTokenHash: null,
    });
    const reused = await confirm(app, token);
    expect(reused.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(reused.json())).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This confirmation link is invalid or has already been used.',
    });
  });

  it('rejects an unknown token and a missing one', async () => {
    const app = await buildTestApp();
    const unknown = await confirm(app, 'no-such-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_TOKEN');
    const missing = await app.inject({ method: 'POST', url: '/api/email-signup/confirm', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This link is invalid.' });
  });

  it('is not triggered by opening (GET) the link, as mail scanners do', async () => {
    const app = await buildTestApp();
    await signUp(app, { email: 'fan@example.com' });
    const [mail] = await mailsTo(app.db, 'fan@example.com');
    const token = tokenFromLink(mail!.text, '/email-list/confirm');
    await app.inject({ method: 'GET', url: `/email-list/confirm?token=${token}` });
    const api = await app.inject({ method: 'GET', url: `/api/email-signup/confirm?token=${token}` });
    expect(api.statusCode).toBe(404);
    expect((await findSubscription(app.db, 'fan@example.com'))?.status).toBe('not_confirmed');
  });
});
