import { describe, expect, it } from 'vitest';
import {
  describeAge,
  destinationHoldMessage,
  destinationPayableFrom,
  formatUtcMoment,
  isDestinationOnHold,
  maskDestination,
} from './payout-destination.ts';

const SET = new Date('2026-11-28T14:00:00Z');
const HOUR = 3600 * 1000;

describe('payout destination hold (decision 071)', () => {
  it('a destination set before the rule is payable at once; a new one after the hold hours', () => {
    expect(destinationPayableFrom(null, 72)).toBeNull();
    expect(isDestinationOnHold(null, 72, SET)).toBe(false);
    expect(destinationPayableFrom(SET, 72)).toEqual(new Date('2026-12-01T14:00:00Z'));
    expect(isDestinationOnHold(SET, 72, new Date(SET.getTime() + 72 * HOUR - 1))).toBe(true);
    expect(isDestinationOnHold(SET, 72, new Date(SET.getTime() + 72 * HOUR))).toBe(false);
    expect(isDestinationOnHold(SET, 0, SET)).toBe(false);
  });

  it('says when, in UTC words', () => {
    expect(formatUtcMoment(SET)).toBe('Nov 28, 2026 at 14:00 UTC');
    expect(destinationHoldMessage(SET, destinationPayableFrom(SET, 72)!)).toBe(
      "This seller's payout destination changed on Nov 28, 2026 at 14:00 UTC; payouts to it start Dec 1, 2026 at 14:00 UTC.",
    );
  });

  it('masks an e-mail and an account id, keeping enough to recognise', () => {
    expect(maskDestination('seller@paypal.example')).toBe('se•••@paypal.example');
    expect(maskDestination('me@paypal.example')).toBe('m•••@paypal.example');
    expect(maskDestination('acct_1234567890')).toBe('•••7890');
    expect(maskDestination('abc')).toBe('••••');
  });

  it('describes a destination age', () => {
    expect(describeAge(SET, new Date(SET.getTime() + 10 * 60 * 1000))).toBe('just now');
    expect(describeAge(SET, new Date(SET.getTime() + HOUR))).toBe('1 hour ago');
    expect(describeAge(SET, new Date(SET.getTime() + 5 * HOUR))).toBe('5 hours ago');
    expect(describeAge(SET, new Date(SET.getTime() + 50 * HOUR))).toBe('2 days ago');
  });
});
