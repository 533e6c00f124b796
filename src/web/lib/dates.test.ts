import { describe, expect, it } from 'vitest';
import { formatClockTime, formatMonthDayYear, formatMonthYear } from './dates.ts';

// Written without Intl; each must read as the toLocale*String call it replaces.
describe('dates without Intl', () => {
  const dates = [
    new Date('2025-01-05T00:00:00.000Z'),
    new Date('2026-11-24T12:34:56.000Z'),
    new Date('2030-03-31T23:59:59.000Z'),
    new Date('2024-02-29T11:05:09.000Z'),
  ];
  const plain = (s: string) => s.replace(/\u202f/g, ' ');

  it.each([undefined, 'UTC'])('match toLocale*String in time zone %s', (timeZone) => {
    for (const date of dates) {
      expect(formatMonthDayYear(date, timeZone)).toBe(
        date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }),
      );
      expect(formatMonthYear(date, timeZone)).toBe(
        date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone }),
      );
      expect(formatClockTime(date, timeZone)).toBe(plain(date.toLocaleTimeString('en-US', { timeZone })));
    }
  });

  it('reads UTC as UTC whatever the local zone', () => {
    expect(formatMonthDayYear(new Date('2025-01-05T23:30:00.000Z'), 'UTC')).toBe('January 5, 2025');
    expect(formatClockTime(new Date('2025-01-05T00:05:09.000Z'), 'UTC')).toBe('12:05:09 AM');
    expect(formatClockTime(new Date('2025-01-05T12:00:00.000Z'), 'UTC')).toBe('12:00:00 PM');
  });

  it('falls back to Intl for any other zone', () => {
    const date = new Date('2025-01-05T02:00:00.000Z');
    expect(formatMonthDayYear(date, 'America/New_York')).toBe('January 4, 2025');
    expect(formatMonthYear(date, 'America/New_York')).toBe('January 2025');
    expect(plain(formatClockTime(date, 'America/New_York'))).toBe('9:00:00 PM');
  });
});
