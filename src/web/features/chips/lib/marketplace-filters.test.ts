import { describe, expect, it } from 'vitest';
import { hasActiveFilters, priceFilterError, readFilters } from './marketplace-filters.ts';

describe('readFilters', () => {
  it('keeps valid filters and defaults the sort to newest', () => {
    const filters = readFilters(
      new URLSearchParams('q=moon&shape=round&minPrice=5&maxPrice=20.50&creator=demo'),
    );
    expect(filters).toEqual({
      q: 'moon',
      shape: 'round',
      minPrice: '5',
      maxPrice: '20.50',
      creator: 'demo',
      sort: 'newest',
    });
  });

  it('drops values the API would refuse', () => {
    const filters = readFilters(new URLSearchParams('shape=hexagon&minPrice=abc&sort=random&q=%20%20'));
    expect(filters).toEqual({ sort: 'newest' });
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('reads the price sorts', () => {
    expect(readFilters(new URLSearchParams('sort=price_desc')).sort).toBe('price_desc');
  });
});

describe('priceFilterError', () => {
  it('accepts empty and 2-decimal prices and names the format otherwise', () => {
    expect(priceFilterError('')).toBeUndefined();
    expect(priceFilterError('12.50')).toBeUndefined();
    expect(priceFilterError('12.505')).toBe('Enter a price like 12.50');
    expect(priceFilterError('-1')).toBe('Enter a price like 12.50');
  });
});
