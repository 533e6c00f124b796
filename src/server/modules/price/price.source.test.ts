import { describe, expect, it } from 'vitest';
import { parsePriceSourceBody } from './price.source.ts';

describe('parsePriceSourceBody', () => {
  it('reads the flat shapes, numbers or strings', () => {
    expect(parsePriceSourceBody({ price_usd: 0.0012 })).toEqual({ priceUsd: '0.0012', change24h: null });
    expect(parsePriceSourceBody({ price: '0.002' })).toEqual({ priceUsd: '0.002', change24h: null });
    expect(parsePriceSourceBody({ usd: 1.5e-7, change_24h: 2.345 })).toEqual({
      priceUsd: '0.00000015',
      change24h: 2.35,
    });
  });

  it('reads the CoinGecko shape, preferring the brand id', () => {
    expect(
      parsePriceSourceBody({ other: { usd: 5 }, artchip: { usd: 0.0011, usd_24h_change: -3.1 } }),
    ).toEqual({
      priceUsd: '0.0011',
      change24h: -3.1,
    });
    expect(parsePriceSourceBody({ 'some-coin': { usd: 0.25 } })).toEqual({
      priceUsd: '0.25',
      change24h: null,
    });
  });

  it('rejects bodies without a usable positive price', () => {
    for (const body of [
      null,
      [],
      'x',
      {},
      { price: 0 },
      { price: -1 },
      { usd: 'abc' },
      { price: Infinity },
      { a: { eur: 1 } },
    ]) {
      expect(() => parsePriceSourceBody(body)).toThrow();
    }
  });
});
