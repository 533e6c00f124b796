import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GalleryQuerySchema, MarketplaceQuerySchema } from '#shared/chips.schemas.ts';
import { changeOf, ENTRY_OVERHEAD_BYTES, etagOf, PublicCache, queryKey } from './public-cache.ts';

function entry(version: number, body = '{"a":1}') {
  return {
    version,
    body: Buffer.from(body),
    etag: etagOf(body),
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'public, max-age=0, must-revalidate',
  };
}

describe('PublicCache by what answers depend on (decision 078)', () => {
  it('drops only the answers depending on what changed, and those depending on anything', () => {
    const cache = new PublicCache();
    cache.set('/chip/1', { ...entry(cache.version), tags: ['chip:1', 'user:7', 'price'] });
    cache.set('/chip/2', { ...entry(cache.version), tags: ['chip:2', 'user:8', 'price'] });
    cache.set('/list', { ...entry(cache.version), tags: ['list', 'price'] });
    cache.set('/untagged', entry(cache.version));
    cache.drop(['chip:1', 'list']);
    expect(['/chip/1', '/chip/2', '/list', '/untagged'].map((k) => cache.get(k) !== undefined)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    cache.drop(['user:8']);
    expect(cache.get('/chip/2')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses an answer read before a change it depends on, keeps one read before a change it does not', () => {
    const cache = new PublicCache();
    const readAt = cache.version;
    cache.drop(['chip:1']);
    cache.set('/chip/1', { ...entry(readAt), tags: ['chip:1'] });
    cache.set('/chip/2', { ...entry(readAt), tags: ['chip:2'] });
    cache.set('/untagged', entry(readAt));
    expect(cache.get('/chip/1')).toBeUndefined();
    expect(cache.get('/chip/2')).toBeDefined();
    expect(cache.get('/untagged')).toBeUndefined();
    cache.bump();
    cache.set('/chip/2', { ...entry(readAt), tags: ['chip:2'] });
    expect(cache.get('/chip/2')).toBeUndefined();
  });

  it('reads change notices: by chip, by account, whole tables, and sessions that drop nothing', () => {
    expect(changeOf('chips:12,40')).toEqual({ drop: ['list', 'chip:12', 'chip:40'], sessions: false });
    expect(changeOf('offers:7')).toEqual({ drop: ['list', 'chip:7'], sessions: false });
    expect(changeOf('ledger_lines:')).toEqual({ drop: ['list'], sessions: false });
    expect(changeOf('users:3')).toEqual({ drop: ['list', 'user:3'], sessions: true });
    expect(changeOf('user_names:3')).toEqual({ drop: ['list', 'events', 'user:3'], sessions: true });
    expect(changeOf('users:referral')).toEqual({ drop: ['list'], sessions: false });
    expect(changeOf('site_settings')).toEqual({ drop: ['settings'], sessions: false });
    expect(changeOf('price_ticks')).toEqual({ drop: ['price'], sessions: false });
    expect(changeOf('sessions')).toEqual({ drop: [], sessions: true });
    for (const whole of ['chips', 'chips:*', 'users:*', 'user_names:*', 'something_else:1', 'chips:1,x']) {
      expect(changeOf(whole).drop, whole).toBe('all');
    }
  });
});

describe('PublicCache', () => {
  it('serves an answer until the data version moves', () => {
    const cache = new PublicCache();
    cache.set('/api/artchip', entry(cache.version));
    expect(cache.get('/api/artchip')?.body.toString()).toBe('{"a":1}');
    cache.bump();
    expect(cache.get('/api/artchip')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops an answer read before the last change, so a slow read never outlives a write', () => {
    const cache = new PublicCache();
    const readAt = cache.version;
    cache.bump(); // a write committed while the answer was being read
    cache.set('/api/artchip', entry(readAt));
    expect(cache.get('/api/artchip')).toBeUndefined();
  });

  it('reads again after the time to live, for answers that change with time alone', () => {
    let now = 1_000;
    const cache = new PublicCache({ ttlMs: 10_000, now: () => now });
    cache.set('/x', entry(0));
    now += 9_999;
    expect(cache.get('/x')).toBeDefined();
    now += 1;
    expect(cache.get('/x')).toBeUndefined();
    // Still there to serve while it is read again, up to twice the time to live.
    expect(cache.getStale('/x')).toBeDefined();
    now += 10_000;
    expect(cache.getStale('/x')).toBeUndefined();
    expect(cache.get('/x')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries and maxBytes, dropping the least recently used first', () => {
    const cache = new PublicCache({ maxEntries: 2, maxBytes: 100_000 });
    cache.set('/a', entry(0));
    cache.set('/b', entry(0));
    cache.get('/a'); // /a is now more recent than /b
    cache.set('/c', entry(0));
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')].map((e) => e !== undefined)).toEqual([
      true,
      false,
      true,
    ]);
    // An entry counts its key, its body and ENTRY_OVERHEAD_BYTES; one over a sixteenth of the budget
    // is never kept.
    const sixteenth = ENTRY_OVERHEAD_BYTES + 100;
    const big = new PublicCache({ maxEntries: 100, maxBytes: sixteenth * 16 });
    for (const key of ['/1', '/2', '/3']) big.set(key, entry(0, 'x'.repeat(90)));
    big.set('/4', entry(0, 'y'.repeat(98)));
    expect(big.size).toBe(4);
    big.set('/huge', entry(0, 'z'.repeat(99)));
    expect(big.get('/huge')).toBeUndefined();
  });

  it('counts keys in its budget, so long keys with small answers cannot outgrow it', () => {
    const maxBytes = 64 * 1024;
    const cache = new PublicCache({ maxEntries: 10_000, maxBytes });
    const perEntry = 1_000 + 2 + ENTRY_OVERHEAD_BYTES;
    for (let i = 0; i < 1_000; i++) {
      const key = `/api/x?${String(i).padStart(4, '0')}${'k'.repeat(1_000 - 11)}`;
      expect(key).toHaveLength(1_000);
      cache.set(key, entry(0, '{}'));
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.size).toBe(Math.floor(maxBytes / perEntry));
    expect(cache.bytes).toBe(cache.size * perEntry);
    // The newest are the ones kept.
    expect(cache.get(`/api/x?0999${'k'.repeat(989)}`)).toBeDefined();
    expect(cache.get(`/api/x?0000${'k'.repeat(989)}`)).toBeUndefined();
    cache.bump();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('keeps an answer in bytes of its own, not a view holding a larger shared block', () => {
    const cache = new PublicCache();
    const slab = Buffer.alloc(8 * 1024, 'a');
    cache.set('/a', { ...entry(0), body: slab.subarray(0, 10) });
    const kept = cache.get('/a')!.body;
    expect(kept.toString()).toBe('a'.repeat(10));
    expect(kept.buffer.byteLength).toBe(10);
  });

  it('tags equal bodies equally and different bodies differently', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^W\/"[\w-]{27}"$/);
  });
});

describe('queryKey', () => {
  it('keys an answer by its path and the query the route parses, in a fixed order, defaults filled', () => {
    const key = (url: string) =>
      queryKey(url, Object.fromEntries(new URL(url, 'http://x').searchParams), MarketplaceQuerySchema);
    expect(key('/api/artchip?q=sea&sort=newest')).toBe(key('/api/artchip?sort=newest&q=sea'));
    expect(key('/api/artchip?q=sea')).toBe(key('/api/artchip?sort=newest&q=sea'));
    expect(key('/api/artchip')).toBe(key('/api/artchip?limit=24&sort=newest'));
    expect(key('/api/artchip?q=sea')).not.toBe(key('/api/artchip?q=sky'));
    expect(key('/api/artchip?q=sea')).toBe('/api/artchip?[["limit",24],["q","sea"],["sort","newest"]]');
  });

  it('gives no key (answered, not kept) for a parameter the route does not know, or a query it refuses', () => {
    const key = (url: string, schema: unknown) =>
      queryKey(url, Object.fromEntries(new URL(url, 'http://x').searchParams), schema);
    expect(key('/api/artchip?q=sea&pad=xxxxxxxx', MarketplaceQuerySchema)).toBeNull();
    expect(key('/api/artchip?limit=9999', MarketplaceQuerySchema)).toBeNull();
    expect(key('/api/artchip/gallery/ann?limit=5', GalleryQuerySchema)).toBe(
      '/api/artchip/gallery/ann?[["limit",5]]',
    );
    // A route without a querystring schema reads no query: its path alone, and any parameter is unknown.
    expect(key('/api/artchip/stats', undefined)).toBe('/api/artchip/stats');
    expect(key('/api/artchip/stats?pad=1', undefined)).toBeNull();
    // A schema that hands unknown parameters to the handler: they would count, so nothing is kept.
    expect(key('/api/x?a=1&ref=abc', z.looseObject({ a: z.string() }))).toBeNull();
  });

  it('lets ref and utm_* parameters share the entry without them', () => {
    const key = (url: string, schema: unknown) =>
      queryKey(url, Object.fromEntries(new URL(url, 'http://x').searchParams), schema);
    expect(key('/api/artchip/stats?ref=abc&utm_source=news&utm_campaign=x', undefined)).toBe(
      '/api/artchip/stats',
    );
    expect(key('/api/artchip?q=sea&utm_medium=mail&ref=abc', MarketplaceQuerySchema)).toBe(
      key('/api/artchip?q=sea', MarketplaceQuerySchema),
    );
  });
});
