import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatPercent,
  formatPriceUsd,
  formatTokenPrice,
  actionsForViewer,
  chipAvailability,
  safeExternalUrl,
} from './chip-format.ts';

describe('chip formatting', () => {
  it('formats USD with 2 decimals and thousands separators', () => {
    expect(formatPriceUsd('12.5')).toBe('$12.50');
    expect(formatPriceUsd('1234567')).toBe('$1,234,567.00');
    expect(formatPriceUsd(null)).toBeNull();
    expect(formatPriceUsd('abc')).toBeNull();
  });

  it('formats the token price with the one token formatter and the ticker', () => {
    expect(formatTokenPrice('15000')).toBe('15,000 $ARTCHIP');
    // The server sends whole tokens (spec); anything finer is shown, never rounded down.
    expect(formatTokenPrice('1234.5')).toBe('1,234.5 $ARTCHIP');
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
  it('reads from status and the hold: an unlisted chip is not for sale, never sold', () => {
    expect(chipAvailability({ status: 'active', isReserved: false })).toBe('available');
    expect(chipAvailability({ status: 'active', isReserved: true })).toBe('reserved');
    expect(chipAvailability({ status: 'inactive', isReserved: false })).toBe('not_for_sale');
    expect(chipAvailability({ status: 'sold', isReserved: false })).toBe('sold');
    expect(chipAvailability({ status: 'pending', isReserved: false })).toBe('not_for_sale');
    expect(chipAvailability({ status: 'removed', isReserved: false })).toBe('removed');
  });

  it('reads a listed demo-catalogue chip as not for sale once payments are live', () => {
    expect(chipAvailability({ status: 'active', isReserved: false, isDemoNotForSale: true })).toBe(
      'not_for_sale',
    );
    expect(chipAvailability({ status: 'active', isReserved: false, isDemoNotForSale: false })).toBe(
      'available',
    );
  });
});

describe('actionsForViewer', () => {
  const actions = {
    buy: true,
    offer: true,
    activate: false,
    list: false,
    delist: false,
    price: false,
    shipToMe: false,
    transfer: false,
    handover: false,
    report: false,
    sendToVault: false,
  };

  it("passes a visitor's actions through, and masks Buy and Offer on the viewer's own chip", () => {
    const chip = { actions, ownerId: 7, creatorId: 3 };
    expect(actionsForViewer(chip, null)).toEqual(actions);
    expect(actionsForViewer(chip, 3)).toEqual(actions);
    expect(actionsForViewer(chip, 7)).toMatchObject({ buy: false, offer: false });
  });

  it('takes the creator as the owner until the first sale', () => {
    expect(actionsForViewer({ actions, ownerId: null, creatorId: 3 }, 3)).toMatchObject({
      buy: false,
      offer: false,
    });
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
