import { describe, expect, it } from 'vitest';
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

describe('log-in back-off per account', () => {
  it('refuses even the right password while backing off, from any client, then lets the owner in', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { user, password } = await insertUser(app.db, { email: 'jane@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await loginFromNewClient(app, 'jane@example.com', 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await loginFromNewClient(app, 'JANE@example.com', password);
    expect(blocked.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(blocked.json())).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many failed log-in attempts. Please wait 1 minute and try again.',
    });
    expect(blocked.headers['retry-after']).toBe('60');

    // The wait is over: one more failure doubles it.
    now = new Date(now.getTime() + 61_000);
    expect((await loginFromNewClient(app, user.email, 'wrong-password')).statusCode).toBe(401);
    const doubled = await loginFromNewClient(app, user.email, password);
    expect(doubled.statusCode).toBe(429);
    expect(doubled.headers['retry-after']).toBe('120');
    expect(ApiErrorSchema.parse(doubled.json()).message).toMatch(/wait 2 minutes/);

    // After it, the right password signs in and forgets the failures.
    now = new Date(now.getTime() + 121_000);
    expect(await app.db.select().from(rateLimitBackoffs)).toHaveLength(1);
    expect((await loginFromNewClient(app, user.email, password)).statusCode).toBe(200);
    expect(await app.db.select().from(rateLimitBackoffs)).toHaveLength(0);
  });

  it('backs off an unknown e-mail exactly like a registered one (no enumeration)', async () => {
    const app = await buildTestApp({ clock: () => new Date('2030-01-01T00:00:00Z') });
    await insertUser(app.db, { email: 'known@example.com' });
    const answers: string[] = [];
    for (const email of ['known@example.com', 'unknown@example.com']) {
      const trail: number[] = [];
      for (let i = 0; i < 6; i++) trail.push((await loginFromNewClient(app, email, 'wrong')).statusCode);
      answers.push(trail.join(','));
    }
    expect(answers[0]).toBe('401,401,401,401,401,429');
    expect(answers[1]).toBe(answers[0]);
  });

  it('counts admin log-in failures against the same account', async () => {
    const app = await buildTestApp({ clock: () => new Date('2030-01-01T00:00:00Z') });
    const { user, password } = await insertUser(app.db, { email: 'boss@example.com' });
    for (let i = 0; i < 5; i++) {
      const res = await loginFromNewClient(app, user.email, 'wrong', '/api/admin/auth/login');
      expect(res.statusCode).toBe(401);
    }
    expect((await loginFromNewClient(app, user.email, password)).statusCode).toBe(429);
  });

  it('has no back-off when RATE_LIMIT is false', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    const { user, password } = await insertUser(app.db);
    for (let i = 0; i < 7; i++) await loginFromNewClient(app, user.email, 'wrong');
    expect((await loginFromNewClient(app, user.email, password)).statusCode).toBe(200);
  });

  it('limits log-in attempts per account to 10 a minute across clients', async () => {
    const app = await buildTestApp();
    const { user, password } = await insertUser(app.db);
    for (let i = 0; i < 10; i++)
      expect((await loginFromNewClient(app, user.email, password)).statusCode).toBe(200);
    expect((await loginFromNewClient(app, user.email, password)).statusCode).toBe(429);
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
