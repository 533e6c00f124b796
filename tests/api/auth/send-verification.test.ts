import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MessageResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { buildSignup, latestMailTo, mailsTo, tokenFromMail } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const resend = (app: App, email: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/send-verification', payload: { email } });

describe('POST /api/auth/send-verification', () => {
  it('mails a new link to an unverified account; only the newest link works', async () => {
    const app = await buildTestApp();
    const body = buildSignup();
    await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    const first = tokenFromMail((await latestMailTo(app.db, body.email))!.text, '/verify-email');

    const res = await resend(app, body.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(res.json()).message).toMatch(/verification link/);
    const mails = await mailsTo(app.db, body.email);
    expect(mails).toHaveLength(2);
    const second = tokenFromMail((await latestMailTo(app.db, body.email))!.text, '/verify-email');
    expect(second).not.toBe(first);

    const old = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${first}` });
    expect(old.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${second}` })).statusCode,
    ).toBe(200);
  });

  it('gives the same answer, and sends nothing, for verified and unknown addresses', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const known = await resend(app, user.email);
    const unknown = await resend(app, 'nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo(app.db, user.email)).toHaveLength(0);
    expect(await mailsTo(app.db, 'nobody@example.com')).toHaveLength(0);
  });

  it('sends a set-password link to an account that has no password (guest checkout)', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { isEmailVerified: false });
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect((await resend(app, user.email)).statusCode).toBe(200);
    const mail = await latestMailTo(app.db, user.email);
    expect(mail!.template).toBe('set-password');
    expect(tokenFromMail(mail!.text, '/set-password')).toBeTruthy();
  });

  it('rejects an invalid e-mail', async () => {
    const app = await buildTestApp();
    const res = await resend(app, 'nope');
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Please enter a valid email address');
  });

  it('answers 429 RATE_LIMITED after 3 requests a minute', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    for (let i = 0; i < 3; i++) expect((await resend(app, 'nobody@example.com')).statusCode).toBe(200);
    const res = await resend(app, 'nobody@example.com');
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  });
});
