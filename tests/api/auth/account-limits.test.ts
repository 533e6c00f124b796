import { describe, expect, it } from 'vitest';
import { LoginCodeRequiredSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
import { rateLimitBackoffs } from '#server/platform/rate-limit/rate-limit.table.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** A log-in from its own client address, so only the per-account limits can refuse it. */
let client = 0;
const loginFromNewClient = (app: App, email: string, password: string, url = '/api/auth/login') =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.0.${Math.floor(client / 250)}.${(client++ % 250) + 1}`,
    payload: { email, password },
  });

describe('per-account limits', () => {
  it('limits check-email per e-mail whatever the client', async () => {
    const app = await buildTestApp();
    const check = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        remoteAddress: `10.1.0.${i + 1}`,
        payload: { email: 'Target@Example.com' },
      });
    for (let i = 0; i < 10; i++) expect((await check(i)).statusCode).toBe(200);
    const refused = await check(10);
    expect(refused.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(refused.json())).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail from the same client is still answered.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/check-email',
      remoteAddress: '10.1.0.11',
      payload: { email: 'someone-else@example.com' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits guest checkout per e-mail, as the e-mail check is', async () => {
    const app = await buildTestApp();
    const checkout = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: `10.2.0.${i + 1}`,
        // A chip that does not exist: each answer is 404 until the e-mail's allowance is spent.
        payload: purchaseBody(999999, { email: 'victim@example.com' }),
      });
    for (let i = 0; i < 10; i++) expect((await checkout(i)).statusCode).toBe(404);
    expect((await checkout(10)).statusCode).toBe(429);
  });

  it('lets a signed-in buyer check out as often as they like (only guests are limited per e-mail)', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: `10.3.0.${i + 1}`,
        headers: { authorization: `Bearer ${token}` },
        payload: purchaseBody(999999),
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('does not limit per account when RATE_LIMIT is false', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        payload: { email: 'target@example.com' },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

// Many log-ins, each an argon2 check: generous time on a busy machine.
describe('log-in back-off per account and client (decision 036)', { timeout: 120_000 }, () => {
  /** Log-ins from one address (a stranger's, or one the owner shares with them). */
  const loginFrom = (app: App, email: string, password: string, url = '/api/auth/login', ip = '10.9.0.1') =>
    app.inject({ method: 'POST', url, remoteAddress: ip, payload: { email, password } });

  it('asks for a mailed code, whatever the password, while one client backs off; then the password alone again', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { user, password } = await insertUser(app.db, { email: 'jane@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(app, 'jane@example.com', 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await loginFrom(app, 'JANE@example.com', password);
    expect(blocked.statusCode).toBe(200);
    expect(LoginCodeRequiredSchema.parse(blocked.json()).codeRequired).toBe(true);

    // The wait is over: one more failure doubles it (2 minutes): still the code step after 61 s.
    now = new Date(now.getTime() + 61_000);
    expect((await loginFrom(app, user.email, 'wrong-password')).statusCode).toBe(401);
    now = new Date(now.getTime() + 61_000);
    expect(
      LoginCodeRequiredSchema.safeParse((await loginFrom(app, user.email, password)).json()).success,
    ).toBe(true);

    // After it, the right password signs in and forgets the failures.
    now = new Date(now.getTime() + 60_000);
    expect(await app.db.select().from(rateLimitBackoffs)).toHaveLength(2);
    expect((await loginFrom(app, user.email, password)).json()).toHaveProperty('token');
    expect(await app.db.select().from(rateLimitBackoffs)).toHaveLength(0);
  });

  it('backs off an unknown e-mail exactly like a registered one (no enumeration)', async () => {
    const app = await buildTestApp({ clock: () => new Date('2030-01-01T00:00:00Z') });
    await insertUser(app.db, { email: 'known@example.com' });
    const answers: string[] = [];
    for (const [n, email] of ['known@example.com', 'unknown@example.com'].entries()) {
      const trail: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await loginFrom(app, email, 'wrong', '/api/auth/login', `10.9.2.${n + 1}`);
        trail.push(`${res.statusCode}${'codeRequired' in res.json<object>() ? ' code' : ''}`);
      }
      answers.push(trail.join(','));
    }
    expect(answers[0]).toBe('401,401,401,401,401,200 code');
    expect(answers[1]).toBe(answers[0]);
  });

  it('counts admin log-in failures against the same account', async () => {
    const app = await buildTestApp({ clock: () => new Date('2030-01-01T00:00:00Z') });
    const { user, password } = await insertUser(app.db, { email: 'boss@example.com' });
    for (let i = 0; i < 5; i++) {
      const res = await loginFrom(app, user.email, 'wrong', '/api/admin/auth/login');
      expect(res.statusCode).toBe(401);
    }
    const res = await loginFrom(app, user.email, password);
    expect(LoginCodeRequiredSchema.parse(res.json()).codeRequired).toBe(true);
  });

  it('has no back-off when RATE_LIMIT is false', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    const { user, password } = await insertUser(app.db);
    for (let i = 0; i < 7; i++) await loginFrom(app, user.email, 'wrong');
    expect((await loginFrom(app, user.email, password)).json()).toHaveProperty('token');
  });

  it('limits log-in attempts per account to 10 a minute from each client, not across clients', async () => {
    const app = await buildTestApp();
    const { user, password } = await insertUser(app.db);
    const from = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: user.email, password },
      });
    for (let i = 0; i < 10; i++) expect((await from('10.9.1.1')).statusCode).toBe(200);
    expect((await from('10.9.1.1')).statusCode).toBe(429);
    // Someone else's spree does not use up the owner's allowance at their own address.
    expect((await loginFromNewClient(app, user.email, password)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('warns once when requests arrive through a proxy while TRUST_PROXY is off', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({ logStream: { write: (line) => lines.push(line) } });
    for (let i = 0; i < 3; i++) {
      await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
    }
    const warnings = lines.filter((l) => l.includes('TRUST_PROXY is off'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
  });

  it('does not warn when TRUST_PROXY is on, and then counts each forwarded client on its own', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({
      env: { TRUST_PROXY: 'true' },
      logStream: { write: (line) => lines.push(line) },
    });
    const check = (ip: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        headers: { 'x-forwarded-for': ip },
        payload: { email: `p${i}@example.com` },
      });
    for (let i = 0; i < 30; i++) expect((await check('203.0.113.1', i)).statusCode).toBe(200);
    expect((await check('203.0.113.1', 30)).statusCode).toBe(429);
    expect((await check('203.0.113.2', 31)).statusCode).toBe(200);
    expect(lines.some((l) => l.includes('TRUST_PROXY is off'))).toBe(false);
  });
});
