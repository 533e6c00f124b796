import { describe, expect, it } from 'vitest';
import {
  countRefinements,
  hasActiveFilters,
  priceFilterError,
  readFilters,
  replacesHistory,
} from './marketplace-filters.ts';

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

describe('countRefinements', () => {
  it('counts the filters beside the search box, and a sort other than newest', () => {
    expect(countRefinements(readFilters(new URLSearchParams('q=moon')))).toBe(0);
    expect(
      countRefinements(readFilters(new URLSearchParams('q=moon&shape=round&creator=ana&sort=price_asc'))),
    ).toBe(3);
    expect(countRefinements(readFilters(new URLSearchParams('minPrice=1&maxPrice=2&sort=newest')))).toBe(2);
  });
});

describe('replacesHistory', () => {
  it('adds an entry for each choice and for the first pause in typing, then replaces while typing on', () => {
    expect(replacesHistory(null, undefined)).toBe(false);
    expect(replacesHistory(null, 'q')).toBe(false);
    expect(replacesHistory('q', 'q')).toBe(true);
    expect(replacesHistory('q', 'creator')).toBe(false);
    expect(replacesHistory('creator', undefined)).toBe(false);
  });
});
