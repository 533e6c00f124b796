import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VerifyEmailResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { buildSignup, insertEmailToken, latestMailTo, tokenFromMail } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const verify = (app: App, token: string) =>
  app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

async function signUp(app: App) {
  const body = buildSignup();
  expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body })).statusCode).toBe(201);
  const mail = await latestMailTo(app.db, body.email, 'verify-email');
  return { ...body, token: tokenFromMail(mail!.text, '/verify-email') };
}

describe('GET /api/auth/verify-email', () => {
  it('verifies the e-mail from the mailed link, signs the user in, and then allows log-in', async () => {
    const app = await buildTestApp();
    const account = await signUp(app);
    const res = await verify(app, account.token);
    expect(res.statusCode).toBe(200);
    const body = VerifyEmailResponseSchema.parse(res.json());
    if (body.outcome !== 'signed_in') throw new Error(`expected a session, got ${body.outcome}`);
    expect(body.user).toMatchObject({ email: account.email, isEmailVerified: true });
    expect(body.message).toMatch(/verified/i);
    expect((await injectAs(app, body.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('works once: a used link is INVALID_TOKEN', async () => {
    const app = await buildTestApp();
    const { token } = await signUp(app);
    expect((await verify(app, token)).statusCode).toBe(200);
    const again = await verify(app, token);
    expect(again.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(again.json()).code).toBe('INVALID_TOKEN');
  });

  it('refuses an unknown token, and a set-password token, with 400 INVALID_TOKEN', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { isEmailVerified: false });
    const other = await insertEmailToken(app.db, {
      userId: user.id,
      purpose: 'set_password',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    for (const token of ['no-such-token', other]) {
      const res = await verify(app, token);
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('INVALID_TOKEN');
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isEmailVerified).toBe(false);
  });

  it('refuses a link older than 24 hours with 410 TOKEN_EXPIRED', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { token } = await signUp(app);
    now = new Date('2030-01-02T00:00:01Z');
    const res = await verify(app, token);
    expect(res.statusCode).toBe(410);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe('TOKEN_EXPIRED');
    expect(body.message).toMatch(/expired/i);
  });

  it('accepts the link until it expires', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { token } = await signUp(app);
    now = new Date('2030-01-01T23:59:00Z');
    expect((await verify(app, token)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/auth/verify-email' });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Verification token is required',
    });
  });
});
