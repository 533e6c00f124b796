import { describe, expect, it } from 'vitest';
import {
  CreateSavedSearchSchema,
  MarkNotificationsReadSchema,
  parseSavedSearchQuery,
  savedSearchQueryString,
} from './notifications.schemas.ts';

describe('saved search queries', () => {
  it('read the marketplace query string, with or without its "?", dropping paging and sort', () => {
    expect(parseSavedSearchQuery('?q=moon&shape=round&maxPrice=50&sort=price_asc&limit=12')).toEqual({
      q: 'moon',
      shape: 'round',
      minPrice: undefined,
      maxPrice: '50',
      creator: undefined,
    });
    expect(parseSavedSearchQuery('')).toEqual({
      q: undefined,
      shape: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      creator: undefined,
    });
  });

  it('refuse what the marketplace refuses: unknown or repeated parameters, bad values', () => {
    for (const query of ['colour=red', 'q=a&q=b', 'shape=oval', 'minPrice=cheap', `q=${'a'.repeat(101)}`]) {
      expect(parseSavedSearchQuery(query), query).toBeNull();
    }
  });

  it('normalise to one order, so the same search is the same string', () => {
    const a = parseSavedSearchQuery('maxPrice=50&q=moon')!;
    const b = parseSavedSearchQuery('?q=moon&maxPrice=50&sort=newest')!;
    expect(savedSearchQueryString(a)).toBe('q=moon&maxPrice=50');
    expect(savedSearchQueryString(b)).toBe(savedSearchQueryString(a));
  });

  it('need a name and a marketplace query', () => {
    expect(CreateSavedSearchSchema.safeParse({ name: 'Moons', query: 'q=moon' }).success).toBe(true);
    expect(CreateSavedSearchSchema.safeParse({ name: ' ', query: 'q=moon' }).success).toBe(false);
    expect(CreateSavedSearchSchema.safeParse({ name: 'x', query: 'nope=1' }).success).toBe(false);
  });
});

describe('marking notifications read', () => {
  it('takes some ids or all, never both or neither', () => {
    expect(MarkNotificationsReadSchema.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(MarkNotificationsReadSchema.safeParse({ all: true }).success).toBe(true);
    expect(MarkNotificationsReadSchema.safeParse({ all: true, ids: [1] }).success).toBe(false);
    expect(MarkNotificationsReadSchema.safeParse({}).success).toBe(false);
    expect(MarkNotificationsReadSchema.safeParse({ ids: [] }).success).toBe(false);
  });
});
