import { describe, expect, it } from 'vitest';
import { nextFreeSlug, normalizeNfcUid, randomUnitId, slugify } from './chips.service.ts';

describe('slugs', () => {
  it('slugify keeps ASCII letters and digits, folds accents, never returns empty', () => {
    expect(slugify('  Café Sunset #1! ')).toBe('cafe-sunset-1');
    expect(slugify('Ünïcödé — ART')).toBe('unicode-art');
    expect(slugify('!!!')).toBe('artchip');
    expect(slugify('x'.repeat(200))).toHaveLength(80);
  });

  it('nextFreeSlug suffixes -2, -3 … past taken ones', () => {
    expect(nextFreeSlug('sky', [])).toBe('sky');
    expect(nextFreeSlug('sky', ['sky'])).toBe('sky-2');
    expect(nextFreeSlug('sky', ['sky', 'sky-2', 'sky-4'])).toBe('sky-3');
  });
});

describe('unit IDs and NFC UIDs', () => {
  it('unit IDs are 14 random digits without a leading zero', () => {
    const ids = Array.from({ length: 200 }, randomUnitId);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{13}$/);
    expect(new Set(ids).size).toBe(200);
  });

  it('NFC UIDs are upper-case hex without separators', () => {
    expect(normalizeNfcUid('04:a1:b2:c3:d4:e5:f6')).toBe('04A1B2C3D4E5F6');
  });
});
