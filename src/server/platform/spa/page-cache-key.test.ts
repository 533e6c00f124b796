import { describe, expect, it } from 'vitest';
import { FILTER_KEYS } from '#web/features/chips/lib/marketplace-filters.ts';
import { pageCacheKey, PAGE_PARAMS } from './page-cache-key.ts';

describe('pageCacheKey', () => {
  it('keeps a page under its URL as it came when every parameter is one a page reads or carries', () => {
    for (const url of [
      '/marketplace',
      '/marketplace?q=sea&sort=price_asc',
      '/marketplace/?shape=round',
      '/?UID=04A1B2C3D4E5F6',
      '/uid?12345678901234',
      '/uid?uid=12345678901234&action=buy-12',
      '/artchip/ann/sea?action=offer-7',
    ]) {
      expect(pageCacheKey(url), url).toBe(url);
    }
  });

  it('keys a page without where the visitor came from (ref, utm_*): they share the plain page', () => {
    expect(pageCacheKey('/faq?ref=friend_1&utm_source=news&utm_medium=mail&utm_campaign=spring')).toBe(
      '/faq',
    );
    expect(pageCacheKey('/marketplace?ref=x&q=sea&utm_foo=1')).toBe('/marketplace?q=sea');
    expect(pageCacheKey('/?ref=not%20a%20code')).toBe('/');
  });

  it('gives no key (rendered, not kept) for a parameter no page reads', () => {
    for (const url of [
      '/marketplace?pad=xxxx',
      '/faq?q=sea',
      '/artchip/ann/sea?action=delete',
      '/uid?uid=12345678901234&12345678901234',
      '/?picc_data=00&cmac=00',
      '/login?next=%2Fmarketplace',
    ]) {
      expect(pageCacheKey(url), url).toBeNull();
    }
  });

  it("lists the marketplace page's filters as the page reads them", () => {
    expect([...PAGE_PARAMS['/marketplace']!].sort()).toEqual([...FILTER_KEYS].sort());
  });
});
