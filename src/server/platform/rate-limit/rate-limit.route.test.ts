import { describe, expect, it } from 'vitest';
import { limitPerHour, limitPerMinute } from './rate-limit.route.ts';

describe('route rate limits', () => {
  it('limits per minute or per hour, and nothing when RATE_LIMIT=false', () => {
    expect(limitPerMinute({ rateLimit: true }, 30)).toEqual({ max: 30, timeWindow: '1 minute' });
    expect(limitPerHour({ rateLimit: true }, 5)).toEqual({ max: 5, timeWindow: '1 hour' });
    expect(limitPerMinute({ rateLimit: false }, 30)).toBe(false);
    expect(limitPerHour({ rateLimit: false }, 5)).toBe(false);
  });
});
