import { describe, expect, it } from 'vitest';
import { formatChange, formatTokenPriceUsd, percentChange, roundChange } from './price.format.ts';

describe('formatTokenPriceUsd', () => {
  it('shows four significant digits below one dollar', () => {
    expect(formatTokenPriceUsd('0.001')).toBe('$0.001000');
    expect(formatTokenPriceUsd('0.00001234')).toBe('$0.00001234');
    expect(formatTokenPriceUsd('0.0000001234567')).toBe('$0.0000001235');
    expect(formatTokenPriceUsd('0.5')).toBe('$0.5000');
  });

  it('rounds half up and may carry into the whole part', () => {
    expect(formatTokenPriceUsd('0.00123456')).toBe('$0.001235');
    expect(formatTokenPriceUsd('0.99999')).toBe('$1.0000');
  });

  it('shows cents with thousands separators from one dollar', () => {
    expect(formatTokenPriceUsd('1')).toBe('$1.00');
    expect(formatTokenPriceUsd('1234.5678')).toBe('$1,234.57');
  });

  it('rejects text that is not a plain decimal', () => {
    expect(() => formatTokenPriceUsd('1e-3')).toThrow(RangeError);
  });
});

describe('percentChange and formatChange', () => {
  it('computes the change in percent, rounded to 2 decimals', () => {
    expect(percentChange('0.0012', '0.001')).toBe(20);
    expect(percentChange('0.000976', '0.001')).toBe(-2.4);
    expect(percentChange('1', '0')).toBe(0);
  });

  it('never yields -0 or NaN', () => {
    expect(Object.is(roundChange(-0.001), 0)).toBe(true);
    expect(roundChange(Number.NaN)).toBe(0);
  });

  it('signs the text', () => {
    expect(formatChange(2.35)).toBe('+2.35%');
    expect(formatChange(-1.2)).toBe('-1.20%');
    expect(formatChange(0)).toBe('+0.00%');
  });
});
