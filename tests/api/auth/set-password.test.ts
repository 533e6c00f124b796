import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthSessionSchema, MessageResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { createSetPasswordToken } from '#server/modules/auth/auth.service.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertEmailToken, latestMailTo, mailsTo, tokenFromMail } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const setPassword = (app: App, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/set-password', payload: body });
const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** An unverified account without password, as a guest checkout leaves it. */
async function insertGuest(app: App) {
  const { user, token } = await insertUser(app.db, { isEmailVerified: false });
  await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
  return { user, sessionToken: token };
}

describe('POST /api/auth/set-password', () => {
  it('sets the password with a one-time token, verifies the e-mail and signs the user in', async () => {
    const app = await buildTestApp();
    const { user, sessionToken } = await insertGuest(app);
    const token = await createSetPasswordToken(app.db, user.id, app.clock());
    const res = await setPassword(app, {
      token,
      email: user.email.toUpperCase(),
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    const body = AuthSessionSchema.parse(res.json());
    expect(body.user).toMatchObject({ id: user.id, isEmailVerified: true });
    expect((await injectAs(app, body.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    // Older sessions end when a password is set through a link.
    expect((await injectAs(app, sessionToken, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(
      401,
    );
    expect((await login(app, user.email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await setPassword(app, {
      token,
      email: user.email,
      password: 'x'.repeat(8),
      confirmPassword: 'x'.repeat(8),
    });
    expect(again.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(again.json()).code).toBe('INVALID_TOKEN');
  });

  it('only the newest token works', async () => {
    const app = await buildTestApp();
    const { user } = await insertGuest(app);
    const first = await createSetPasswordToken(app.db, user.id, app.clock());
    const second = await createSetPasswordToken(app.db, user.id, app.clock());
    const body = { email: user.email, password: 'secret-1', confirmPassword: 'secret-1' };
    expect((await setPassword(app, { ...body, token: first })).statusCode).toBe(400);
    expect((await setPassword(app, { ...body, token: second })).statusCode).toBe(200);
  });

  it('refuses a token for another e-mail, an unknown token and a verification token', async () => {
    const app = await buildTestApp();
    const { user } = await insertGuest(app);
    const { user: other } = await insertUser(app.db);
    const token = await createSetPasswordToken(app.db, user.id, app.clock());
    const verifyToken = await insertEmailToken(app.db, {
      userId: user.id,
      purpose: 'verify_email',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const body = { password: 'secret-1', confirmPassword: 'secret-1' };
    for (const attempt of [
      { ...body, token, email: other.email },
      { ...body, token: 'nope', email: user.email },
      { ...body, token: verifyToken, email: user.email },
    ]) {
      const res = await setPassword(app, attempt);
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('INVALID_TOKEN');
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('refuses an expired token with 410 TOKEN_EXPIRED', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { user } = await insertGuest(app);
    const token = await createSetPasswordToken(app.db, user.id, now);
    now = new Date('2030-01-02T00:00:00Z');
    const res = await setPassword(app, {
      token,
      email: user.email,
      password: 'secret-1',
      confirmPassword: 'secret-1',
    });
    expect(res.statusCode).toBe(410);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('TOKEN_EXPIRED');
  });

  it.each([
    [{ confirmPassword: 'other-pass' }, 'confirmPassword', "Passwords don't match"],
    [{ password: '123', confirmPassword: '123' }, 'password', 'Password must be at least 8 characters'],
    [{ confirmPassword: '12' }, 'confirmPassword', 'Please confirm your password'],
    [{ email: 'bad' }, 'email', 'Please enter a valid email address'],
  ])('rejects %o with "%s: %s"', async (override, field, message) => {
    const app = await buildTestApp();
    const body = {
      token: 't',
      email: 'a@example.com',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      ...override,
    };
    const res = await setPassword(app, body);
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors?.[field]).toContain(message);
  });

  it('needs a token: a password is never set by e-mail alone', async () => {
    const app = await buildTestApp();
    const { user } = await insertGuest(app);
    const res = await setPassword(app, {
      email: user.email,
      password: 'secret-1',
      confirmPassword: 'secret-1',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).fieldErrors?.token).toBeDefined();
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('mails a set-password link that sets a new password', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { email: 'forgetful@example.com' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'Forgetful@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(res.json()).message).toMatch(/if an account exists/i);
    const mail = await latestMailTo(app.db, user.email, 'set-password');
    expect(mail!.text).toContain('http://localhost:3000/set-password?token=');
    expect(mail!.text).toContain('email=forgetful%40example.com');
    const token = tokenFromMail(mail!.text, '/set-password');
    const set = await setPassword(app, {
      token,
      email: user.email,
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(set.statusCode).toBe(200);
    expect((await login(app, user.email, 'new-secret')).statusCode).toBe(200);
    expect((await login(app, user.email, 'password123')).statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const known = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(app.db, 'ghost@example.com')).toHaveLength(0);
  });

  it('rejects an invalid e-mail', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Please enter a valid email address');
  });

  it('answers 429 RATE_LIMITED after 3 requests a minute', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    const send = () =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.com' } });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  });
});
