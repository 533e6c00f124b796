import { describe, expect, it } from 'vitest';
import { outcomeOf, retryDelayMs } from './jobs.service.ts';

describe('retryDelayMs', () => {
  it('doubles from 5 s and stops growing at 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(600_000);
  });
});

describe('outcomeOf', () => {
  const job = { attempts: 1, maxAttempts: 3 };

  it('ends a one-off job done, and reschedules a recurring one a period on with attempts reset', () => {
    expect(outcomeOf(job, undefined, undefined)).toEqual({ status: 'done' });
    expect(outcomeOf(job, 60_000, undefined)).toEqual({
      status: 'pending',
      delayMs: 60_000,
      resetAttempts: true,
      lastError: null,
    });
  });

  it('retries a failure with back-off (never later than a recurring task’s period)', () => {
    expect(outcomeOf({ attempts: 2, maxAttempts: 3 }, undefined, new Error('boom'))).toEqual({
      status: 'pending',
      delayMs: 10_000,
      resetAttempts: false,
      lastError: 'boom',
    });
    expect(outcomeOf({ attempts: 3, maxAttempts: 5 }, 3_000, new Error('boom'))).toMatchObject({
      delayMs: 3_000,
    });
  });

  it('fails a one-off job out of attempts; a recurring one waits for its next period', () => {
    const spent = { attempts: 3, maxAttempts: 3 };
    expect(outcomeOf(spent, undefined, 'plain')).toEqual({ status: 'failed', lastError: 'plain' });
    expect(outcomeOf(spent, 60_000, new Error('boom'))).toEqual({
      status: 'pending',
      delayMs: 60_000,
      resetAttempts: true,
      lastError: 'boom',
    });
  });
});
