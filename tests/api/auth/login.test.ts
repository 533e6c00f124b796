import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthSessionSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { UserSchema } from '#shared/users.schemas.ts';
import { sessions } from '#server/modules/auth/auth.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const login = (app: App, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: body });

describe('POST /api/auth/login', () => {
  it('signs a verified user in with a 30-day session stored only as a hash', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { user, password } = await insertUser(app.db, { email: 'jane@example.com' });
    const res = await login(app, { email: 'JANE@example.com', password });
    expect(res.statusCode).toBe(200);
    const body = AuthSessionSchema.parse(res.json());
    expect(body.user).toMatchObject({
      id: user.id,
      email: 'jane@example.com',
      isEmailVerified: true,
      totalMinted: 0,
    });

    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(session).toMatchObject({ userId: user.id, kind: 'user' });
    expect(session!.expiresAt.toISOString()).toBe('2030-01-31T00:00:00.000Z');
    const me = await injectAs(app, body.token, { method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);
    expect(UserSchema.parse(me.json()).id).toBe(user.id);
  });

  it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED asking to verify the e-mail', async () => {
    const app = await buildTestApp();
    const { user, password } = await insertUser(app.db, { isEmailVerified: false });
    const res = await login(app, { email: user.email, password });
    expect(res.statusCode).toBe(403);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(body.message).toMatch(/verify your email/i);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('answers a wrong password, an unknown e-mail and a passwordless account alike', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const { user: guest } = await insertUser(app.db, { isEmailVerified: false });
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, guest.id));

    for (const body of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever' },
      { email: guest.email, password: 'whatever' },
    ]) {
      const res = await login(app, body);
      expect(res.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(res.json())).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Invalid email or password',
      });
    }
  });

  it.each([
    [{ email: 'nope', password: 'x' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
  ])('rejects %o with "%s: %s"', async (body, field, message) => {
    const app = await buildTestApp();
    const res = await login(app, body);
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(error.fieldErrors?.[field]).toEqual([message]);
  });

  it('answers 429 RATE_LIMITED after 10 attempts a minute', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    for (let i = 0; i < 10; i++)
      expect((await login(app, { email: 'x', password: 'y' })).statusCode).toBe(400);
    const res = await login(app, { email: 'a@example.com', password: 'y' });
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session it was called with, and only that one', async () => {
    const app = await buildTestApp();
    const { user, token, password } = await insertUser(app.db);
    const other = AuthSessionSchema.parse((await login(app, { email: user.email, password })).json()).token;
    const res = await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    expect((await injectAs(app, token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await injectAs(app, other, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
    const bogus = await injectAs(app, 'not-a-session', { method: 'POST', url: '/api/auth/logout' });
    expect(bogus.statusCode).toBe(401);
  });
});

describe('GET /api/login', () => {
  it('redirects to the log-in page', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});
