import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatPercent,
  formatPriceUsd,
  formatTokenPrice,
  isChipPurchasable,
  isChipSold,
  safeExternalUrl,
} from './chip-format.ts';

const listed = {
  isAvailable: true,
  isActive: true,
  isForSale: true,
  status: 'active' as const,
  priceUsd: '10.00',
};

describe('chip formatting', () => {
  it('formats USD with 2 decimals and thousands separators', () => {
    expect(formatPriceUsd('12.5')).toBe('$12.50');
    expect(formatPriceUsd('1234567')).toBe('$1,234,567.00');
    expect(formatPriceUsd(null)).toBeNull();
    expect(formatPriceUsd('abc')).toBeNull();
  });

  it('formats whole tokens with the ticker', () => {
    expect(formatTokenPrice('15000')).toBe('15,000 $ARTCHIP');
    expect(formatTokenPrice('1234.5')).toBe('1,235 $ARTCHIP');
    expect(formatTokenPrice(null)).toBeNull();
  });

  it('writes dates in long US form and Unknown when invalid', () => {
    expect(formatLongDate('2025-01-05T12:00:00.000Z')).toBe('January 5, 2025');
    expect(formatLongDate('not a date')).toBe('Unknown');
    expect(formatLongDate(null)).toBe('Unknown');
  });

  it('turns settings percentages into copy', () => {
    expect(formatPercent('20.00')).toBe('20');
    expect(formatPercent('12.50')).toBe('12.5');
    expect(formatPercent('15')).toBe('15');
  });
});

describe('chip availability', () => {
  it('is sold when unavailable or marked sold', () => {
    expect(isChipSold(listed)).toBe(false);
    expect(isChipSold({ ...listed, isAvailable: false })).toBe(true);
    expect(isChipSold({ ...listed, status: 'sold' })).toBe(true);
  });

  it('is purchasable only when listed, active, available and priced', () => {
    expect(isChipPurchasable(listed)).toBe(true);
    expect(isChipPurchasable({ ...listed, isForSale: false })).toBe(false);
    expect(isChipPurchasable({ ...listed, isActive: false })).toBe(false);
    expect(isChipPurchasable({ ...listed, priceUsd: null })).toBe(false);
    expect(isChipPurchasable({ ...listed, isAvailable: false })).toBe(false);
  });
});

describe('safeExternalUrl', () => {
  it('keeps http(s) links and drops other schemes', () => {
    expect(safeExternalUrl('https://www.tiktok.com/@artist')).toBe('https://www.tiktok.com/@artist');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
