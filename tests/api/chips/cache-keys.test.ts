// Issue 30 (decision 078): cache keys that mean something. Where a visitor came from (`ref`, `utm_*`)
// makes no new entry, and a credential that is no real session is no credential: its caller gets the
// visitor's cached answer, while a real session still gets its own. Sessions are remembered per
// process and forgotten when they end.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { createSession, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

async function appWithOwnedChip() {
  const app = await buildTestApp();
  const owner = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: owner.user.id });
  await app.publicCache.catchUp();
  return { app, owner, chip, url: `/api/artchip/${chip.id}` };
}

describe('credentials that are no session', () => {
  it('answers a made-up bearer token or session cookie from the cached visitor answer', async () => {
    const { app, url } = await appWithOwnedChip();
    const visitor = await app.inject({ method: 'GET', url });
    expect(visitor.headers['x-cache']).toBe('miss');
    for (const headers of [
      { authorization: 'Bearer made-up-token' },
      { authorization: 'Basic Zm9vOmJhcg==' },
      { cookie: 'artchip_session=made-up-token' },
      { cookie: 'artchip_admin_session=made-up-token' },
    ]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['x-cache'], JSON.stringify(headers)).toBe('hit');
      expect(res.body).toBe(visitor.body);
    }
  });

  it("keeps a visitor's answer read for a made-up credential, private on the wire when it ends the cookie", async () => {
    const { app, url } = await appWithOwnedChip();
    const res = await app.inject({ method: 'GET', url, headers: { cookie: 'artchip_session=made-up' } });
    expect(res.headers['x-cache']).toBe('miss');
    // The route ends the unknown cookie (Set-Cookie): no shared cache may keep that answer.
    expect(String(res.headers['set-cookie'])).toContain('artchip_session=;');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const visitor = await app.inject({ method: 'GET', url });
    expect(visitor.headers['x-cache']).toBe('hit');
    expect(visitor.body).toBe(res.body);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
  });

  it('answers a real session personally, never from the cache, and its next visitor read is still a hit', async () => {
    const { app, owner, url } = await appWithOwnedChip();
    await app.inject({ method: 'GET', url });
    for (let i = 0; i < 2; i++) {
      const mine = await injectAs(app, owner.token, { method: 'GET', url });
      expect(mine.headers['x-cache']).toBeUndefined();
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      expect(ChipSchema.parse(mine.json()).actions.delist).toBe(true);
    }
    const byCookie = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `artchip_session=${owner.token}` },
    });
    expect(byCookie.headers['x-cache']).toBeUndefined();
    expect(ChipSchema.parse(byCookie.json()).actions.delist).toBe(true);
    expect((await app.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit');
  });

  it('serves a signed-in reader of a route that never reads its viewer (a list) from the cache', async () => {
    const { app, owner } = await appWithOwnedChip();
    const visitor = await app.inject({ method: 'GET', url: '/api/artchip' });
    expect(visitor.headers['x-cache']).toBe('miss');
    const mine = await injectAs(app, owner.token, { method: 'GET', url: '/api/artchip' });
    expect(mine.headers['x-cache']).toBe('hit');
    expect(mine.body).toBe(visitor.body);
  });
});

describe('remembered sessions', () => {
  it('forgets a session at log-out: the next request with its token is a visitor at once', async () => {
    const { app, owner, url } = await appWithOwnedChip();
    await app.inject({ method: 'GET', url });
    const before = await injectAs(app, owner.token, { method: 'GET', url });
    expect(ChipSchema.parse(before.json()).actions.delist).toBe(true);
    const out = await injectAs(app, owner.token, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode, out.body).toBe(200);
    const after = await injectAs(app, owner.token, { method: 'GET', url });
    expect(after.headers['x-cache']).toBe('hit');
    expect(ChipSchema.parse(after.json()).actions.delist).toBe(false);
    expect((await injectAs(app, owner.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('forgets the other sessions a password change ends, and knows the one it keeps', async () => {
    const { app, owner, url } = await appWithOwnedChip();
    const other = await createSession(app.db, owner.user.id);
    await app.publicCache.catchUp();
    // Both remembered.
    expect((await injectAs(app, other, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    expect((await injectAs(app, owner.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    const changed = await injectAs(app, owner.token, {
      method: 'POST',
      url: '/api/users/change-password',
      payload: {
        currentPassword: owner.password,
        newPassword: 'a-new-password-9',
        confirmPassword: 'a-new-password-9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await injectAs(app, other, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect(ChipSchema.parse((await injectAs(app, other, { method: 'GET', url })).json()).actions.delist).toBe(
      false,
    );
    expect((await injectAs(app, owner.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('forgets a session ended straight in the database (an admin tool, another process)', async () => {
    const { app, owner } = await appWithOwnedChip();
    expect((await injectAs(app, owner.token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    expect(app.sessionLookups.size).toBeGreaterThan(0);
    await app.db.execute(sql`delete from sessions where user_id = ${owner.user.id}`);
    await app.publicCache.catchUp();
    await expect
      .poll(
        async () => (await injectAs(app, owner.token, { method: 'GET', url: '/api/auth/user' })).statusCode,
        {
          timeout: 1000,
          interval: 5,
        },
      )
      .toBe(401);
  });
});
