import { describe, expect, it } from 'vitest';
import {
  decodeGalleryCursor,
  decodeMarketplaceCursor,
  encodeGalleryCursor,
  encodeMarketplaceCursor,
} from './chips.cursor.ts';
import type { ChipWithUsers } from './chips.repo.ts';

const last = {
  chip: { id: 42, priceCents: 1250 },
  createdAtKey: '2025-03-04T05:06:07.123456Z',
} as unknown as ChipWithUsers;

describe('marketplace cursors', () => {
  it('round-trip the sort key and id, keeping microseconds', () => {
    expect(decodeMarketplaceCursor('newest', encodeMarketplaceCursor('newest', last))).toEqual({
      sort: 'newest',
      createdAt: '2025-03-04T05:06:07.123456Z',
      id: 42,
    });
    expect(decodeMarketplaceCursor('price_asc', encodeMarketplaceCursor('price_asc', last))).toEqual({
      sort: 'price_asc',
      priceCents: 1250,
      id: 42,
    });
    expect(decodeGalleryCursor(encodeGalleryCursor(last))).toEqual({
      createdAt: '2025-03-04T05:06:07.123456Z',
      id: 42,
    });
  });

  it('are opaque URL-safe text', () => {
    expect(encodeMarketplaceCursor('newest', last)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuse another sort, garbage and tampered values', () => {
    const price = encodeMarketplaceCursor('price_desc', last);
    expect(() => decodeMarketplaceCursor('price_asc', price)).toThrow('Invalid cursor');
    expect(() => decodeMarketplaceCursor('newest', price)).toThrow('Invalid cursor');
    expect(() => decodeGalleryCursor(encodeMarketplaceCursor('newest', last))).toThrow('Invalid cursor');
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases: [Parameters<typeof decodeMarketplaceCursor>[0], string][] = [
      ['newest', '%%%'],
      ['newest', 'e30'],
      ['newest', forge(['n', 'yesterday', 1])],
      ['newest', forge(['n', '2025-03-04T05:06:07.123456Z', -1])],
      ['price_asc', forge(['pa', 1.5, 1])],
      ['price_asc', forge(['pa', 10, 2 ** 40])],
      // Issue 25, finding 7: shaped right, yet PostgreSQL refused them (500s).
      ['newest', forge(['n', '9999-99-99T99:99:99.999999Z', 1])],
      ['newest', forge(['n', '2026-02-29T00:00:00.000000Z', 1])],
      ['newest', forge(['n', '0000-01-01T00:00:00.000000Z', 1])],
      ['price_asc', forge(['pa', 9007199254740991, 1])],
      ['price_desc', forge(['pd', 2 ** 31, 1])],
    ];
    for (const [sort, bad] of cases)
      expect(() => decodeMarketplaceCursor(sort, bad)).toThrow('Invalid cursor');
  });
});
