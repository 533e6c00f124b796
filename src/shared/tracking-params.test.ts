import { describe, expect, it } from 'vitest';
import { isTrackingParam, withoutTrackingParams } from './tracking-params.ts';

describe('tracking parameters', () => {
  it('names ref and the utm_ tags, nothing else', () => {
    expect(['ref', 'utm_source', 'utm_anything'].every(isTrackingParam)).toBe(true);
    expect(['q', 'referrer', 'UTM_source', 'action'].some(isTrackingParam)).toBe(false);
  });

  it('takes them out of a URL and leaves every other parameter as it came', () => {
    expect(withoutTrackingParams('/faq?ref=friend_1&utm_source=news')).toBe('/faq');
    expect(withoutTrackingParams('/marketplace?ref=a&q=sea&utm_medium=x&sort=price_asc')).toBe(
      '/marketplace?q=sea&sort=price_asc',
    );
    expect(withoutTrackingParams('/uid?12345678901234&ref=x')).toBe('/uid?12345678901234');
    expect(withoutTrackingParams('/a?utm%5Fsource=x&b=1#top')).toBe('/a?b=1#top');
    expect(withoutTrackingParams('?ref=x&q=1')).toBe('?q=1');
    expect(withoutTrackingParams('/plain')).toBe('/plain');
    expect(withoutTrackingParams('/bad?%E0%A4%A=1&ref=x')).toBe('/bad?%E0%A4%A=1');
  });
});
