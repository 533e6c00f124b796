import { describe, expect, it } from 'vitest';
import { isValidUnitId, readUnitId } from './unit-id.ts';

describe('readUnitId', () => {
  it('reads the uid parameter', () => {
    expect(readUnitId('?uid=12345678901234')).toBe('12345678901234');
    expect(readUnitId('?buy=1&uid=12345678901234')).toBe('12345678901234');
  });

  it('falls back to the bare query string', () => {
    expect(readUnitId('?12345678901234')).toBe('12345678901234');
    expect(readUnitId('?12345678901234=&buy=1')).toBe('12345678901234');
  });

  it('is empty without a query', () => {
    expect(readUnitId('')).toBe('');
    expect(readUnitId('?')).toBe('');
  });
});

describe('isValidUnitId', () => {
  it('accepts exactly 14 digits', () => {
    expect(isValidUnitId('12345678901234')).toBe(true);
    expect(isValidUnitId('1234567890123')).toBe(false);
    expect(isValidUnitId('123456789012345')).toBe(false);
    expect(isValidUnitId('1234567890123a')).toBe(false);
  });
});
