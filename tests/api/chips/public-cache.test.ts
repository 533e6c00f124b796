// Issue 12: anonymous answers of the public read routes come from memory until the data they show
// changes (the database's NOTIFY, from any writer), with their ETag computed once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChipPageSchema, ChipSchema } from '#shared/chips.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

describe('the public read cache', () => {
  it('serves a repeat anonymous read from memory, with the same ETag and a 304 for it', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { title: 'Cached Lagoon' });
    // The setup's own change notices: PostgreSQL delivers them a moment after the insert.
    await app.publicCache.catchUp();
    const url = `/api/artchip/${chip.id}`;
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await app.inject({ method: 'GET', url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
    const revalidated = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('drops the answers as soon as any writer changes the data, even outside a request', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { priceCents: 2500 });
    const read = async () =>
      ChipPageSchema.parse((await app.inject({ method: 'GET', url: '/api/artchip' })).json()).items.find(
        (c) => c.id === chip.id,
      )?.priceUsd;
    expect(await read()).toBe('25.00');
    expect(await read()).toBe('25.00');
    // A background job, the admin CLI or another server process writes straight to the database.
    await app.db.update(chips).set({ priceCents: 3100 }).where(eq(chips.id, chip.id));
    // PGlite hears the change as it commits; PostgreSQL within milliseconds.
    await expect.poll(read, { timeout: 1000, interval: 5 }).toBe('31.00');
  });

  it('shows a write made through the API to the next anonymous reader', async () => {
    const app = await buildTestApp();
    const owner = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: owner.user.id, priceCents: 2500 });
    const url = `/api/artchip/${chip.id}`;
    await app.inject({ method: 'GET', url });
    const priced = await injectAs(app, owner.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/pricing`,
      payload: { priceUsd: '40.00', paypalEnabled: false },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const after = await app.inject({ method: 'GET', url });
    expect(after.headers['x-cache']).toBe('miss');
    expect(ChipSchema.parse(after.json()).priceUsd).toBe('40.00');
  });

  it("never serves or keeps a signed-in answer: it carries the viewer's actions and is private", async () => {
    const app = await buildTestApp();
    const owner = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: owner.user.id });
    await app.publicCache.catchUp();
    const url = `/api/artchip/${chip.id}`;
    const anonymous = await app.inject({ method: 'GET', url });
    expect(ChipSchema.parse(anonymous.json()).actions.delist).toBe(false);
    const mine = await injectAs(app, owner.token, { method: 'GET', url });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(ChipSchema.parse(mine.json()).actions.delist).toBe(true);
    // The anonymous copy is still the anonymous one.
    const again = await app.inject({ method: 'GET', url });
    expect(again.headers['x-cache']).toBe('hit');
    expect(ChipSchema.parse(again.json()).actions.delist).toBe(false);
  });

  it('reads a missing answer once when many ask for it at the same moment; the others wait for it', async () => {
    const app = await buildTestApp();
    await insertChip(app.db, { title: 'Herd Lagoon' });
    await app.publicCache.catchUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/api/artchip?q=lagoon' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // An answer that is not kept (a 404) lets the waiting requests read it themselves.
    const missing = await Promise.all(
      Array.from({ length: 3 }, () => app.inject({ method: 'GET', url: '/api/artchip/999999' })),
    );
    expect(missing.map((a) => a.statusCode)).toEqual([404, 404, 404]);
  });

  it('keeps no error answers, and reads again after the time to live', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => new Date(now) });
    const missing = await app.inject({ method: 'GET', url: '/api/artchip/999999' });
    expect(missing.statusCode).toBe(404);
    await app.publicCache.catchUp();
    expect(
      (await app.inject({ method: 'GET', url: '/api/artchip/999999' })).headers['x-cache'],
    ).toBeUndefined();
    await app.inject({ method: 'GET', url: '/api/artchip/stats' });
    expect((await app.inject({ method: 'GET', url: '/api/artchip/stats' })).headers['x-cache']).toBe('hit');
    now += app.publicCache.ttlMs;
    // Past its time to live, the answer is served while one background read refreshes it (decision 078).
    expect((await app.inject({ method: 'GET', url: '/api/artchip/stats' })).headers['x-cache']).toBe('stale');
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/artchip/stats' })).headers['x-cache'], {
        timeout: 1000,
        interval: 5,
      })
      .toBe('hit');
    // Past twice its time to live, it is read again before answering.
    now += app.publicCache.ttlMs * 2;
    expect((await app.inject({ method: 'GET', url: '/api/artchip/stats' })).headers['x-cache']).toBe('miss');
  });
});

// Issue 25, finding 3: made-up URLs cannot fill the cache. Entries are keyed by the query the route
// parses; anything else, and any over-long URL, is answered but not kept.
describe('what the public read cache keeps', () => {
  it('answers a parameter the route does not know without keeping it', async () => {
    const app = await buildTestApp();
    await app.publicCache.catchUp();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/artchip/stats?pad=made-up' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
      // Still tagged, and public for a CDN.
      expect(res.headers.etag).toMatch(/^W\//);
      expect(res.headers['cache-control']).toMatch(/^public/);
    }
    expect(app.publicCache.size).toBe(0);
  });

  it('shares one entry between a query and the same query with ref or utm_* or in another order', async () => {
    const app = await buildTestApp();
    await insertChip(app.db, { title: 'Shared Lagoon' });
    await app.publicCache.catchUp();
    const first = await app.inject({ method: 'GET', url: '/api/artchip?q=lagoon&sort=newest' });
    expect(first.headers['x-cache']).toBe('miss');
    for (const url of [
      '/api/artchip?sort=newest&q=lagoon',
      '/api/artchip?q=lagoon',
      '/api/artchip?q=lagoon&ref=friend1&utm_source=news&utm_campaign=spring',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-cache'], url).toBe('hit');
      expect(res.body).toBe(first.body);
    }
    expect((await app.inject({ method: 'GET', url: '/api/artchip?q=other' })).headers['x-cache']).toBe(
      'miss',
    );
    expect(app.publicCache.size).toBe(2);
  });

  it('answers an over-long URL without keeping it', async () => {
    const app = await buildTestApp();
    await app.publicCache.catchUp();
    const url = `/api/artchip/stats?utm_source=${'x'.repeat(3000)}`;
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
    expect(app.publicCache.size).toBe(0);
  });
});
