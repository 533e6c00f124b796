import { describe, expect, it } from 'vitest';
import { chipMakerLabel, COMPANY_CREATOR_ID, HttpUrlOrEmptySchema, isDemoChip } from './chips.schemas.ts';

describe('chip rules shared by server and browser', () => {
  it('labels the company’s chips Company and everyone else’s Customer', () => {
    expect(chipMakerLabel({ creatorId: COMPANY_CREATOR_ID })).toBe('Company');
    expect(chipMakerLabel({ creatorId: 2 })).toBe('Customer');
  });

  it('flags demo chips by creator username or title, case-insensitively', () => {
    expect(isDemoChip({ creatorUsername: 'Sample-Artist', title: 'Sunset' })).toBe(true);
    expect(isDemoChip({ creatorUsername: 'maria', title: 'My EXAMPLE piece' })).toBe(true);
    expect(isDemoChip({ creatorUsername: 'maria', title: 'Sunset' })).toBe(false);
  });

  it('accepts only http(s) URLs or nothing for user-given links', () => {
    expect(HttpUrlOrEmptySchema.safeParse('').success).toBe(true);
    expect(HttpUrlOrEmptySchema.safeParse('https://example.com/a').success).toBe(true);
    expect(HttpUrlOrEmptySchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(HttpUrlOrEmptySchema.safeParse('ftp://example.com').success).toBe(false);
  });
});
