import { gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { rateLimits } from '#server/platform/rate-limit/rate-limit.table.ts';
import { pruneRateLimits } from '#server/platform/rate-limit/rate-limit.store.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, testConfig, testDatabase } from '#tests/helpers/app.ts';

let n = 0;
// A new e-mail each time: these tests count per client, not per e-mail (limited on its own).
const checkEmail = () => ({
  method: 'POST' as const,
  url: '/api/auth/check-email',
  payload: { email: `a${n++}@example.com` },
});

describe('rate limits shared through the database', () => {
  it('counts requests to two server instances against one window', async () => {
    const first = await buildTestApp();
    // A second "process" on the same database, as behind a load balancer.
    const second = await buildApp(testConfig(), { database: await testDatabase(), logger: false });
    try {
      // check-email allows 30 a minute per client.
      for (let i = 0; i < 15; i++) expect((await first.inject(checkEmail())).statusCode).toBe(200);
      for (let i = 0; i < 15; i++) expect((await second.inject(checkEmail())).statusCode).toBe(200);
      const refused = await second.inject(checkEmail());
      expect(refused.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(refused.json()).code).toBe('RATE_LIMITED');
      expect((await first.inject(checkEmail())).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('keeps each route’s window apart, and prunes lapsed windows', async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 30; i++) await app.inject(checkEmail());
    expect((await app.inject(checkEmail())).statusCode).toBe(429);
    // Another limited route still answers: its window is its own.
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.com', password: 'nope' },
    });
    expect(signup.statusCode).toBe(401);

    expect(await pruneRateLimits(app.db)).toBe(0);
    await app.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(gt(rateLimits.count, 0));
    // Two per-client windows, and one per e-mail for each check and the log-in.
    const windows = await app.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(windows.filter((w) => !w.key.startsWith('allowance|account|'))).toHaveLength(2);
    expect(await pruneRateLimits(app.db)).toBe(windows.length);
    expect((await app.inject(checkEmail())).statusCode).toBe(200);
  });
});
