import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ChipPageSchema, ChipSchema, type ChipPage } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import type { App } from '#server/app.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';

async function getPage(app: App, query: string): Promise<ChipPage> {
  const res = await app.inject({ method: 'GET', url: `/api/artchip${query ? `?${query}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return ChipPageSchema.parse(res.json());
}

function withCursor(query: string, cursor: string | null): string {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** Walks every page; `between` runs after each page fetch (to change the data mid-walk). */
async function walk(app: App, query: string, between?: (pageNo: number) => Promise<void>): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pageNo = 0; pageNo < 100; pageNo++) {
    const page = await getPage(app, withCursor(query, cursor));
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
    await between?.(pageNo);
  }
  throw new Error('too many pages');
}

describe('GET /api/artchip', () => {
  it('lists only active, for-sale, available, priced chips, newest first, with the chip shape', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'painter' });
    const older = await insertChip(app.db, {
      creatorId: user.id,
      title: 'Older',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await insertChip(app.db, { creatorId: user.id, title: 'Newer' });
    await insertChip(app.db, { ...CHIP_STATES.pending });
    await insertChip(app.db, { ...CHIP_STATES.inactive });
    await insertChip(app.db, { ...CHIP_STATES.sold });
    await insertChip(app.db, { ...CHIP_STATES.inactive, priceCents: null });

    const page = await getPage(app, '');
    expect(page.items.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      title: 'Newer',
      creatorUsername: 'painter',
      ownerUsername: 'painter',
      priceUsd: '25.00',
      // $25.00 at the fallback price of $0.001 is 25,000 whole tokens.
      price: '25000',
      status: 'active',
      isDemo: false,
    });
  });

  it('pages with an opaque keyset cursor: no duplicates or gaps while chips are added between fetches', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const base = Date.now() - 3_600_000;
    const original: number[] = [];
    for (let i = 0; i < 23; i++) {
      // Several share a timestamp, so the id breaks ties.
      const row = await insertChip(app.db, {
        creatorId: user.id,
        priceCents: 1000 + (i % 7) * 500,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
      original.push(row.id);
    }
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      let added = 0;
      const seen = await walk(app, `limit=5&sort=${sort}`, async () => {
        // New chips at the top, the bottom and in the middle of every order.
        await insertChip(app.db, { creatorId: user.id, priceCents: 500 + added * 1750 });
        added++;
      });
      expect(new Set(seen).size, `duplicates in ${sort}`).toBe(seen.length);
      for (const id of original) expect(seen, `gap in ${sort}`).toContain(id);
    }
  });

  it('keeps microsecond timestamps in the cursor (no skipped or repeated chips within a millisecond)', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await insertChip(app.db, { creatorId: user.id })).id);
    // Same millisecond, different microseconds, in an order opposite to the ids.
    await app.db.execute(
      sql`update ${chips} set created_at = timestamptz '2025-01-01 00:00:00.000100+00' + ((10 - id) * interval '1 microsecond')`,
    );
    const seen = await walk(app, 'limit=1');
    expect(seen).toEqual([...ids].sort((a, b) => a - b));
  });

  it('sorts by price both ways, ties broken by id', async () => {
    const app = await buildTestApp();
    const a = await insertChip(app.db, { priceCents: 5000 });
    const b = await insertChip(app.db, { priceCents: 1000 });
    const c = await insertChip(app.db, { priceCents: 5000 });
    const d = await insertChip(app.db, { priceCents: 2500 });
    expect((await getPage(app, 'sort=price_asc')).items.map((x) => x.id)).toEqual([b.id, d.id, a.id, c.id]);
    expect((await getPage(app, 'sort=price_desc')).items.map((x) => x.id)).toEqual([c.id, a.id, d.id, b.id]);
    expect(await walk(app, 'sort=price_asc&limit=1')).toEqual([b.id, d.id, a.id, c.id]);
  });

  it('filters by shape, price range, creator and search text (title, description, creator; wildcards literal)', async () => {
    const app = await buildTestApp();
    const ana = await insertUser(app.db, { username: 'Ana_Paints' });
    const bo = await insertUser(app.db, { username: 'bo' });
    const round = await insertChip(app.db, {
      creatorId: ana.user.id,
      shape: 'round',
      priceCents: 1500,
      title: 'Blue Lagoon',
    });
    const square = await insertChip(app.db, {
      creatorId: bo.user.id,
      shape: 'square',
      priceCents: 4000,
      title: 'Red Square',
    });
    const pricey = await insertChip(app.db, {
      creatorId: bo.user.id,
      priceCents: 99_000,
      title: '100% Gold',
      description: 'A lagoon of light',
    });
    const ids = async (q: string) => (await getPage(app, q)).items.map((c) => c.id).sort((x, y) => x - y);

    expect(await ids('shape=square')).toEqual([square.id]);
    expect(await ids('shape=round')).toEqual([round.id, pricey.id]);
    expect(await ids('minPrice=15&maxPrice=40.00')).toEqual([round.id, square.id]);
    expect(await ids('minPrice=15.01')).toEqual([square.id, pricey.id]);
    expect(await ids('maxPrice=14.99')).toEqual([]);
    expect(await ids('creator=ana_paints')).toEqual([round.id]);
    expect(await ids('creator=nobody')).toEqual([]);
    expect(await ids('q=lagoon')).toEqual([round.id, pricey.id]);
    expect(await ids('q=PAINTS')).toEqual([round.id]);
    expect(await ids('q=100%25')).toEqual([pricey.id]);
    expect(await ids('q=%25')).toEqual([pricey.id]);
    expect(await ids('q=_')).toEqual([round.id]);
    expect(await ids('q=lagoon&shape=round&maxPrice=20')).toEqual([round.id]);
  });

  it('finds creators by part of their name, case-insensitively, wildcards literal', async () => {
    const app = await buildTestApp();
    const ana = await insertUser(app.db, { username: 'Ana_Paints' });
    const anabel = await insertUser(app.db, { username: 'anabel' });
    const bo = await insertUser(app.db, { username: 'bo' });
    const byAna = await insertChip(app.db, { creatorId: ana.user.id });
    const byAnabel = await insertChip(app.db, { creatorId: anabel.user.id });
    const byBo = await insertChip(app.db, { creatorId: bo.user.id });
    await insertChip(app.db, { creatorId: ana.user.id, status: 'pending' });
    const ids = async (q: string) => (await getPage(app, q)).items.map((c) => c.id).sort((x, y) => x - y);

    expect(await ids('creator=paint')).toEqual([byAna.id]);
    expect(await ids('creator=ANA')).toEqual([byAna.id, byAnabel.id]);
    expect(await ids('creator=a_p')).toEqual([byAna.id]);
    expect(await ids('creator=o')).toEqual([byBo.id]);
    expect(await ids('creator=%25')).toEqual([]);
    expect(await ids('creator=ana&sort=price_asc&limit=1')).toHaveLength(1);
    const tooLong = await app.inject({ method: 'GET', url: `/api/artchip?creator=${'a'.repeat(51)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(ApiErrorSchema.parse(tooLong.json()).fieldErrors ?? {})).toContain('creator');
  });

  it('refuses bad queries with 400 and the field errors', async () => {
    const app = await buildTestApp();
    const cases: [string, string][] = [
      ['sort=cheapest', 'sort'],
      ['shape=triangle', 'shape'],
      ['minPrice=abc', 'minPrice'],
      ['maxPrice=1.234', 'maxPrice'],
      ['limit=0', 'limit'],
      ['limit=61', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await app.inject({ method: 'GET', url: `/api/artchip?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = ApiErrorSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fieldErrors ?? {}), query).toContain(field);
    }
    expect((await app.inject('/api/artchip?minPrice=abc')).json().message).toBe('Enter a price like 12.50');
  });

  it('refuses a cursor from another sort order or one that was tampered with', async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 3; i++) await insertChip(app.db);
    const { nextCursor } = await getPage(app, 'limit=1');
    expect(nextCursor).toBeTruthy();
    const other = await app.inject(`/api/artchip?limit=1&sort=price_asc&cursor=${nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid cursor' });
    const forged = Buffer.from(JSON.stringify(['n', "2025-01-01'; drop table chips; --", 1])).toString(
      'base64url',
    );
    expect((await app.inject(`/api/artchip?cursor=${forged}`)).statusCode).toBe(400);
  });

  it('sends ETag and a public, revalidated cache, and answers 304 to a matching If-None-Match', async () => {
    const app = await buildTestApp();
    await insertChip(app.db);
    const res = await app.inject('/api/artchip');
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/api/artchip',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await insertChip(app.db);
    const changed = await app.inject({
      method: 'GET',
      url: '/api/artchip',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/artchip/featured', () => {
  it('returns up to 12 of the newest listed chips', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) {
      ids.push(
        (await insertChip(app.db, { creatorId: user.id, createdAt: new Date(Date.now() - (20 - i) * 1000) }))
          .id,
      );
    }
    await insertChip(app.db, { ...CHIP_STATES.pending });
    const res = await app.inject('/api/artchip/featured');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
    const items = ChipSchema.array().parse(res.json());
    expect(items.map((c) => c.id)).toEqual(ids.slice(2).reverse());
  });

  it('is an empty array for an empty marketplace', async () => {
    const app = await buildTestApp();
    expect((await app.inject('/api/artchip/featured')).json()).toEqual([]);
  });
});
