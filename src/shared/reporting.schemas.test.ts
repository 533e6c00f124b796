import { describe, expect, it } from 'vitest';
import { isOver1099k, isOverDac7, ReportingQuerySchema } from './reporting.schemas.ts';

const T = { form1099kGrossCents: 2_000_000, form1099kSales: 200, dac7GrossCents: 215_000, dac7Sales: 30 };

describe('reporting thresholds', () => {
  it('1099-K: more than the gross AND more than the sales', () => {
    expect(isOver1099k({ grossCents: 2_000_001, salesCount: 201 }, T)).toBe(true);
    expect(isOver1099k({ grossCents: 2_000_000, salesCount: 500 }, T)).toBe(false);
    expect(isOver1099k({ grossCents: 9_000_000, salesCount: 200 }, T)).toBe(false);
  });

  it('DAC7: the sales reached, OR more than the gross', () => {
    expect(isOverDac7({ grossCents: 100, salesCount: 30 }, T)).toBe(true);
    expect(isOverDac7({ grossCents: 215_001, salesCount: 1 }, T)).toBe(true);
    expect(isOverDac7({ grossCents: 215_000, salesCount: 29 }, T)).toBe(false);
  });

  it('takes a year from the query, or none', () => {
    expect(ReportingQuerySchema.parse({ year: '2026' })).toEqual({ year: 2026 });
    expect(ReportingQuerySchema.parse({})).toEqual({});
    for (const year of ['1999', '3000', 'x', '2026.5']) {
      expect(ReportingQuerySchema.safeParse({ year }).success).toBe(false);
    }
  });
});
