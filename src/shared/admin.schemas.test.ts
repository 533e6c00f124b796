import { describe, expect, it } from 'vitest';
import { AdminChipCreateSchema, CustomerInputSchema, csvCell, isTruthyField } from './admin.schemas.ts';

describe('csvCell', () => {
  it.each([
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ['@cmd', `"'@cmd"`],
    ['\tx', `"'\tx"`],
    ['say "hi"', '"say ""hi"""'],
    ['plain@example.com', '"plain@example.com"'],
  ])('quotes %j safely', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers and null', () => {
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(null)).toBe('""');
  });
});

describe('CustomerInputSchema', () => {
  const base = { email: 'a@example.com', username: 'ann' };

  it('turns an empty referredBy into null and a numeric string into a number', () => {
    expect(CustomerInputSchema.parse({ ...base, referredBy: '' }).referredBy).toBeNull();
    expect(CustomerInputSchema.parse({ ...base }).referredBy).toBeNull();
    expect(CustomerInputSchema.parse({ ...base, referredBy: '42' }).referredBy).toBe(42);
  });

  it('defaults isEmailVerified to false and allows empty optional fields', () => {
    const parsed = CustomerInputSchema.parse({
      ...base,
      paypalEmail: '',
      profileImageUrl: '',
      affiliateCode: '',
    });
    expect(parsed.isEmailVerified).toBe(false);
  });
});

describe('AdminChipCreateSchema', () => {
  const form = { title: 'T', customUrlPath: 'a-path', price: '10' };

  it('needs a price for company chips only', () => {
    expect(AdminChipCreateSchema.safeParse({ ...form, price: '' }).success).toBe(false);
    expect(
      AdminChipCreateSchema.safeParse({
        ...form,
        price: '',
        isCustomerMinting: 'true',
        creatorUsername: 'ann',
      }).success,
    ).toBe(true);
  });

  it('accepts discounts from 0 to 100 in steps of 0.01', () => {
    for (const ok of ['0', '0.01', '55.5', '100']) {
      expect(AdminChipCreateSchema.safeParse({ ...form, discountPercent: ok }).success, ok).toBe(true);
    }
    for (const bad of ['-1', '100.01', '1.001', 'x']) {
      expect(AdminChipCreateSchema.safeParse({ ...form, discountPercent: bad }).success, bad).toBe(false);
    }
  });

  it('reads form booleans', () => {
    expect([true, 'true', 'on'].map(isTruthyField)).toEqual([true, true, true]);
    expect([false, 'false', '', undefined].map(isTruthyField)).toEqual([false, false, false, false]);
  });
});
