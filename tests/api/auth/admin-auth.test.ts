import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AdminLoginResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { adminBootstrapStep } from '#server/modules/auth/admin-bootstrap.ts';
import { sessions } from '#server/modules/auth/auth.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const adminLogin = (app: App, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: body });

describe('POST /api/admin/auth/login', () => {
  it('gives an admin a 12-hour admin session and who signed in', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { user, password } = await insertAdmin(app.db, { email: 'boss@example.com', firstName: 'Bo' });
    const res = await adminLogin(app, { email: 'BOSS@example.com', password });
    expect(res.statusCode).toBe(200);
    const body = AdminLoginResponseSchema.parse(res.json());
    expect(body.admin).toEqual({ firstName: 'Bo', username: user.username, email: 'boss@example.com' });
    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(session).toMatchObject({ userId: user.id, kind: 'admin' });
    expect(session!.expiresAt.toISOString()).toBe('2030-01-01T12:00:00.000Z');
  });

  it('answers 404 "User not found" for an unknown e-mail', async () => {
    const app = await buildTestApp();
    const res = await adminLogin(app, { email: 'ghost@example.com', password: 'whatever' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json())).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
  });

  it('answers 401 "Invalid admin credentials" for a wrong password or a non-admin', async () => {
    const app = await buildTestApp();
    const { user: admin } = await insertAdmin(app.db);
    const { user, password } = await insertUser(app.db);
    for (const body of [
      { email: admin.email, password: 'wrong-password' },
      { email: user.email, password },
    ]) {
      const res = await adminLogin(app, body);
      expect(res.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(res.json())).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Invalid admin credentials',
      });
    }
    expect(await app.db.select().from(sessions).where(eq(sessions.kind, 'admin'))).toHaveLength(1);
  });

  it.each([
    [{ email: 'x', password: 'y' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
  ])('rejects %o with "%s"', async (body, message) => {
    const app = await buildTestApp();
    const res = await adminLogin(app, body);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 429 RATE_LIMITED after 10 attempts a minute', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    for (let i = 0; i < 10; i++)
      expect((await adminLogin(app, { email: 'x', password: 'y' })).statusCode).toBe(400);
    const res = await adminLogin(app, { email: 'x', password: 'y' });
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/admin/auth/logout', () => {
  it('ends the admin session', async () => {
    const app = await buildTestApp();
    const { password, user } = await insertAdmin(app.db);
    const { token } = AdminLoginResponseSchema.parse(
      (await adminLogin(app, { email: user.email, password })).json(),
    );
    const res = await injectAs(app, token, { method: 'POST', url: '/api/admin/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect((await injectAs(app, token, { method: 'POST', url: '/api/admin/auth/logout' })).statusCode).toBe(
      401,
    );
  });

  it('needs an admin session: none → 401, a user session (even an admin user’s) → 403', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ method: 'POST', url: '/api/admin/auth/logout' })).statusCode).toBe(401);
    const { token } = await insertUser(app.db);
    const asUser = await injectAs(app, token, { method: 'POST', url: '/api/admin/auth/logout' });
    expect(asUser.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(asUser.json()).code).toBe('FORBIDDEN');

    const { user: admin, password } = await insertAdmin(app.db);
    const userLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password },
    });
    const userSession = userLogin.json<{ token: string }>().token;
    expect(
      (await injectAs(app, userSession, { method: 'POST', url: '/api/admin/auth/logout' })).statusCode,
    ).toBe(403);
  });
});

describe('admin bootstrap step', () => {
  it('creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD, verified, who can then log in', async () => {
    const app = await buildTestApp({
      env: { ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'root-password-1' },
    });
    await adminBootstrapStep.run(app);
    const [admin] = await app.db.select().from(users).where(eq(users.email, 'root@example.com'));
    expect(admin).toMatchObject({ role: 'admin', isEmailVerified: true, username: 'admin' });
    expect(admin!.affiliateCode).toBeTruthy();
    const res = await adminLogin(app, { email: 'root@example.com', password: 'root-password-1' });
    expect(res.statusCode).toBe(200);

    await adminBootstrapStep.run(app);
    expect(await app.db.select().from(users)).toHaveLength(1);
  });

  it('promotes an existing account and updates its password', async () => {
    const app = await buildTestApp({
      env: { ADMIN_EMAIL: 'promo@example.com', ADMIN_PASSWORD: 'new-admin-pass' },
    });
    await insertUser(app.db, { email: 'promo@example.com', isEmailVerified: false });
    await insertUser(app.db, { username: 'admin' });
    await adminBootstrapStep.run(app);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'promo@example.com'));
    expect(row).toMatchObject({ role: 'admin', isEmailVerified: true });
    expect(
      (await adminLogin(app, { email: 'promo@example.com', password: 'new-admin-pass' })).statusCode,
    ).toBe(200);
    expect((await adminLogin(app, { email: 'promo@example.com', password: 'password123' })).statusCode).toBe(
      401,
    );
  });

  it('picks another username when "admin" is taken, and does nothing without configuration', async () => {
    const app = await buildTestApp({
      env: { ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'chief-password' },
    });
    await insertUser(app.db, { username: 'Admin' });
    await adminBootstrapStep.run(app);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'chief@example.com'));
    expect(row!.username).toMatch(/^chief/);

    const bare = await buildTestApp();
    await adminBootstrapStep.run(bare);
    expect(await bare.db.select().from(users)).toHaveLength(0);
  });
});
