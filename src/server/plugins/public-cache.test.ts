import { describe, expect, it } from 'vitest';
import { etagOf, PublicCache } from './public-cache.ts';

function entry(version: number, body = '{"a":1}') {
  return {
    version,
    body: Buffer.from(body),
    etag: etagOf(body),
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'public, max-age=0, must-revalidate',
  };
}

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
  });

  it('keeps at most maxEntries and maxBytes, dropping the least recently used first', () => {
    const cache = new PublicCache({ maxEntries: 2, maxBytes: 1_000 });
    cache.set('/a', entry(0));
    cache.set('/b', entry(0));
    cache.get('/a'); // /a is now more recent than /b
    cache.set('/c', entry(0));
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')].map((e) => e !== undefined)).toEqual([
      true,
      false,
      true,
    ]);
    const big = new PublicCache({ maxEntries: 100, maxBytes: 1_600 });
    for (const key of ['/1', '/2', '/3']) big.set(key, entry(0, 'x'.repeat(90)));
    big.set('/4', entry(0, 'y'.repeat(99)));
    // 4 × ~95 bytes fit in 1,600; an answer over a sixteenth of the budget is never kept.
    expect(big.size).toBe(4);
    big.set('/huge', entry(0, 'z'.repeat(101)));
    expect(big.get('/huge')).toBeUndefined();
  });

  it('tags equal bodies equally and different bodies differently', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^W\/"[\w-]{27}"$/);
  });
});
