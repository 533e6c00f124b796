import { describe, expect, it } from 'vitest';
import { backoffDelayMs, LOGIN_BACKOFF } from './rate-limit.backoff.ts';

describe('backoffDelayMs', () => {
  it('is free for 4 failures, then waits 1, 2, 4, 8 minutes and at most 15', () => {
    const minutes = [1, 4, 5, 6, 7, 8, 9, 20, 1000].map((f) => backoffDelayMs(f, LOGIN_BACKOFF) / 60_000);
    expect(minutes).toEqual([0, 0, 1, 2, 4, 8, 15, 15, 15]);
  });
});
