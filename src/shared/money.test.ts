import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCents,
  assertCents,
  basisPointsToPercentString,
  centsToUsdString,
  formatBasisPoints,
  formatTokenAmount,
  formatUsd,
  isCents,
  isValidTokenPriceUsd,
  normalizeTokenPriceUsd,
  parsePercentToBasisPoints,
  parseUsdToCents,
  percentOfCents,
  roundTokensForDisplay,
  tokenAmountForUsd,
  tokenAmountToBaseUnits,
} from './money.ts';

/** Exact rational check: amount (micro-tokens) * price >= cents, using BigInt only. */
function microTokensTimesPriceVsCents(amount: string, price: string, cents: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  const micro = BigInt(`${whole}${fraction}`);
  const [priceWhole = '0', priceFraction = ''] = price.split('.');
  const priceUnits = BigInt(`${priceWhole}${priceFraction}`);
  // amount * price in USD = micro * priceUnits / 10^(6 + scale); cents / 100 = cents * 10^(4 + scale) / 10^(6 + scale)
  return micro * priceUnits - BigInt(cents) * 10n ** BigInt(4 + priceFraction.length);
}

const tokenPriceArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 18 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  })
  .filter((price) => price.split('.')[0]!.length <= 12);

describe('parseUsdToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0', 0],
    ['0.01', 1],
    [' 7.05 ', 705],
    [12.5, 1250],
    [0, 0],
    [19.99, 1999],
  ])('parses %j as %i cents', (input, cents) => {
    expect(parseUsdToCents(input)).toBe(cents);
  });

  it.each(['12.345', '-1', '-0.01', 'abc', '', '1e3', '12.', '.5', '1,000', 'NaN', '9007199254740992'])(
    'rejects %j with a RangeError',
    (input) => {
      expect(() => parseUsdToCents(input)).toThrow(RangeError);
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 0.1 + 0.2, 1.005, 1e21])(
    'rejects the number %d with a RangeError',
    (input) => {
      expect(() => parseUsdToCents(input)).toThrow(RangeError);
    },
  );

  it('round-trips with centsToUsdString', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseUsdToCents(centsToUsdString(cents))).toBe(cents);
      }),
    );
  });
});

describe('centsToUsdString and formatUsd', () => {
  it.each([
    [0, '0.00', '$0.00'],
    [5, '0.05', '$0.05'],
    [1250, '12.50', '$12.50'],
    [100000, '1000.00', '$1,000.00'],
    [123456789, '1234567.89', '$1,234,567.89'],
    [-500, '-5.00', '-$5.00'],
  ])('formats %i cents as %s and %s', (cents, wire, display) => {
    expect(centsToUsdString(cents)).toBe(wire);
    expect(formatUsd(cents)).toBe(display);
  });

  it('formats the largest safe integer exactly', () => {
    expect(centsToUsdString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatUsd(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it.each([1.5, Number.NaN, 2 ** 53])('rejects %d', (cents) => {
    expect(() => centsToUsdString(cents)).toThrow(RangeError);
    expect(() => formatUsd(cents)).toThrow(RangeError);
  });
});

describe('cents guards', () => {
  it('recognises safe integers only', () => {
    expect(isCents(10)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents('10')).toBe(false);
    expect(() => assertCents(2 ** 53)).toThrow(RangeError);
  });

  it('adds cents and refuses to overflow', () => {
    expect(addCents(100, 250, -50)).toBe(300);
    expect(addCents()).toBe(0);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => addCents(1.5)).toThrow(RangeError);
  });
});

describe('percentOfCents', () => {
  it.each([
    [1500, 1000, 150],
    [5, 1000, 1], // 0.5 ¢ rounds half-up
    [4, 1000, 0], // 0.4 ¢ rounds down
    [15, 1000, 2], // 1.5 ¢ rounds up
    [2499, 2000, 500], // 499.8 ¢
    [1000, 12000, 1200], // above 100% is allowed (120%)
    [0, 3000, 0],
    [1234, 0, 0],
  ])('%i cents at %i bp is %i cents', (cents, basisPoints, expected) => {
    expect(percentOfCents(cents, basisPoints)).toBe(expected);
  });

  it('stays exact where a float product would not', () => {
    expect(percentOfCents(Number.MAX_SAFE_INTEGER, 10000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOfCents(Number.MAX_SAFE_INTEGER, 5000)).toBe(4503599627370496);
  });

  it.each([
    [-1, 1000],
    [100, -1],
    [1.5, 1000],
    [100, 10.5],
  ])('rejects %d cents at %d bp', (cents, basisPoints) => {
    expect(() => percentOfCents(cents, basisPoints)).toThrow(RangeError);
  });

  it('is within half a cent of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 20000 }), (cents, bp) => {
        const result = percentOfCents(cents, bp);
        expect(Number.isSafeInteger(result)).toBe(true);
        const doubledError = 2n * (BigInt(result) * 10000n - BigInt(cents) * BigInt(bp));
        expect(doubledError <= 10000n && doubledError > -10000n).toBe(true);
      }),
    );
  });
});

describe('percentages as basis points', () => {
  it.each([
    ['10.00', 1000],
    ['10', 1000],
    ['0.01', 1],
    ['100', 10000],
    [12.5, 1250],
  ])('parses %j as %i bp', (input, basisPoints) => {
    expect(parsePercentToBasisPoints(input)).toBe(basisPoints);
  });

  it.each(['10.001', '-5', 'ten', ''])('rejects %j', (input) => {
    expect(() => parsePercentToBasisPoints(input)).toThrow(RangeError);
  });

  it('formats basis points with 2 decimals', () => {
    expect(basisPointsToPercentString(1000)).toBe('10.00');
    expect(basisPointsToPercentString(5)).toBe('0.05');
    expect(basisPointsToPercentString(10000)).toBe('100.00');
  });
});

describe('tokenAmountForUsd', () => {
  it.each([
    [1500, '0.001', '15000.000000'],
    [3000, '0.001', '30000.000000'],
    [1, '0.001', '10.000000'],
    [0, '0.001', '0.000000'],
    [100, '3', '0.333334'], // 0.3333… rounds up, never down
    [1234, '0.00001234', '1000000.000000'],
    [1, '0.00001234', '810.372772'], // 810.3727714… rounds up at the 6th decimal
    [1000, '1', '10.000000'],
  ])('%i cents at $%s is %s tokens', (cents, price, amount) => {
    expect(tokenAmountForUsd(cents, price)).toBe(amount);
  });

  it.each(['0', '0.000', '-1', 'abc', '1e-3', '', '0.1234567890123456789'])('rejects price %j', (price) => {
    expect(() => tokenAmountForUsd(100, price)).toThrow(RangeError);
  });

  it.each([-1, 1.5])('rejects %d cents', (cents) => {
    expect(() => tokenAmountForUsd(cents, '0.001')).toThrow(RangeError);
  });

  it('never underpays, and overpays by less than one micro-token', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), tokenPriceArb, (cents, price) => {
        const amount = tokenAmountForUsd(cents, price);
        expect(amount).toMatch(/^\d+\.\d{6}$/);
        const excess = microTokensTimesPriceVsCents(amount, price, cents);
        expect(excess >= 0n).toBe(true);
        const priceUnits = BigInt(price.replace('.', ''));
        // One micro-token is worth priceUnits / 10^(6 + scale) USD, i.e. priceUnits in the scaled unit.
        expect(excess < priceUnits).toBe(true);
      }),
    );
  });
});

describe('token price helpers', () => {
  it.each([
    ['0.001', '0.001'],
    ['0.0010', '0.001'],
    ['1', '1'],
    ['2.50', '2.5'],
    [0.001, '0.001'],
    [1.234e-7, '0.0000001234'],
    [1e-18, '0.000000000000000001'],
    [42, '42'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normalizeTokenPriceUsd(input)).toBe(expected);
  });

  it.each([0, -0.5, Number.NaN, '0', 'abc', 1e-20])('rejects %j', (input) => {
    expect(() => normalizeTokenPriceUsd(input)).toThrow(RangeError);
  });

  it('validates price strings', () => {
    expect(isValidTokenPriceUsd('0.001')).toBe(true);
    expect(isValidTokenPriceUsd('0.000')).toBe(false);
    expect(isValidTokenPriceUsd('1e-3')).toBe(false);
    expect(isValidTokenPriceUsd('-1')).toBe(false);
  });
});

describe('token amount display', () => {
  it.each([
    ['15000.000000', '15000'],
    ['1234.499999', '1234'],
    ['1234.500000', '1235'],
    ['0.4', '0'],
    ['7', '7'],
  ])('rounds %s to %s whole tokens', (amount, expected) => {
    expect(roundTokensForDisplay(amount)).toBe(expected);
  });

  it.each([
    ['25000.000000', '25,000'],
    ['1234567.5', '1,234,567.5'],
    ['10032.520326', '10,032.53'],
    ['10032.520000', '10,032.52'],
    ['99.999001', '100'],
    ['1.000001', '1.01'],
    ['0.5', '0.5'],
    ['0.123456', '0.13'],
    ['0.000123', '0.00013'],
    ['0.000100', '0.0001'],
    ['0.999999', '1'],
    ['0.000000', '0'],
    ['7', '7'],
  ])('formats %s as %s: grouped, no trailing zeros, short form rounded up', (amount, expected) => {
    expect(formatTokenAmount(amount)).toBe(expected);
  });

  it('keeps every decimal when exact, and adds the ticker on request', () => {
    expect(formatTokenAmount('22500.500000', { isExact: true })).toBe('22,500.5');
    expect(formatTokenAmount('10032.520326', { isExact: true, withTicker: true })).toBe(
      '10,032.520326 $ARTCHIP',
    );
    expect(formatTokenAmount('25000.000000', { withTicker: true })).toBe('25,000 $ARTCHIP');
  });

  it('never shows less than the amount (short form)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (microTokens) => {
        const amount = `${microTokens / 1_000_000n}.${String(microTokens % 1_000_000n).padStart(6, '0')}`;
        const shown = formatTokenAmount(amount).replaceAll(',', '');
        expect(tokenAmountToBaseUnits(shown)).toBeGreaterThanOrEqual(microTokens);
      }),
    );
  });

  it('rejects bad amounts', () => {
    expect(() => roundTokensForDisplay('-1')).toThrow(RangeError);
    expect(() => formatTokenAmount('abc')).toThrow(RangeError);
    expect(() => formatTokenAmount('-5')).toThrow(RangeError);
  });

  it('converts to on-chain base units, rounding up when the mint has fewer decimals', () => {
    expect(tokenAmountToBaseUnits('15000.000000')).toBe(15_000_000_000n);
    expect(tokenAmountToBaseUnits('1.5', 9)).toBe(1_500_000_000n);
    expect(tokenAmountToBaseUnits('1.000001', 2)).toBe(101n);
    expect(tokenAmountToBaseUnits('2', 0)).toBe(2n);
    expect(() => tokenAmountToBaseUnits('1', -1)).toThrow(RangeError);
  });
});

describe('formatBasisPoints', () => {
  it.each([
    [3000, '30%'],
    [1250, '12.5%'],
    [1234, '12.34%'],
    [5, '0.05%'],
    [0, '0%'],
  ])('formats %i basis points as %s', (basisPoints, expected) => {
    expect(formatBasisPoints(basisPoints)).toBe(expected);
  });
});

describe('what the money rules say when they refuse (the admin and the logs read these)', () => {
  it('names the amount at fault and what is wrong with it', () => {
    expect(() => assertCents(1.5)).toThrow('Amount must be a safe integer, got 1.5');
    expect(() => addCents(1, 0.5)).toThrow('Amount must be a safe integer, got 0.5');
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow('Sum must be a safe integer');
    expect(() => parseUsdToCents('-1')).toThrow('USD amount must not be negative, got "-1"');
    expect(() => parseUsdToCents(-1)).toThrow('USD amount must not be negative, got "-1"');
    expect(() => parseUsdToCents('1.234')).toThrow(
      'USD amount must be a number with at most 2 decimals, got "1.234"',
    );
    expect(() => parseUsdToCents('99999999999999999')).toThrow(
      'USD amount is too large: "99999999999999999"',
    );
    expect(() => parsePercentToBasisPoints('-5')).toThrow('Percentage must not be negative');
    expect(() => centsToUsdString(0.5)).toThrow('Cents must be a safe integer');
    expect(() => percentOfCents(-1, 100)).toThrow('Cents must not be negative, got -1');
    expect(() => percentOfCents(100, -1)).toThrow('Basis points must not be negative, got -1');
    expect(() => percentOfCents(Number.MAX_SAFE_INTEGER, 20_000)).toThrow('Percentage result is too large');
    expect(() => basisPointsToPercentString(0.5)).toThrow('Basis points must be a safe integer');
    expect(() => formatBasisPoints(0.5)).toThrow('Basis points must be a safe integer');
    expect(() => tokenAmountForUsd(-1, '1')).toThrow('Total cents must not be negative');
    expect(() => tokenAmountForUsd(100, '0')).toThrow('Token price must be greater than 0');
    expect(() => tokenAmountForUsd(100, '1e3')).toThrow(
      'Token price must be a plain decimal string, got "1e3"',
    );
    expect(() => tokenAmountToBaseUnits('x')).toThrow(
      'Token amount must be a non-negative decimal number, got "x"',
    );
    expect(() => tokenAmountToBaseUnits('1', 1.5)).toThrow('Decimals must be');
    expect(() => roundTokensForDisplay('x')).toThrow('Token amount must be a non-negative decimal number');
    expect(() => formatTokenAmount('x')).toThrow('Token amount must be a non-negative decimal number');
    expect(() => normalizeTokenPriceUsd('x')).toThrow('Token price must be a non-negative decimal number');
    expect(() => parseUsdToCents(Number.POSITIVE_INFINITY)).toThrow('Not a finite number: Infinity');
  });

  it('the largest amount that fits is read, one cent more is refused', () => {
    expect(parseUsdToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseUsdToCents('90071992547409.92')).toThrow('USD amount is too large');
  });

  it('rounds token amounts up only past what is kept, and shows a negative percentage with its sign', () => {
    expect(tokenAmountToBaseUnits('1.0000010')).toBe(1_000_001n);
    expect(tokenAmountToBaseUnits('1.0000011')).toBe(1_000_002n);
    expect(formatTokenAmount('1.234')).toBe('1.24');
    expect(formatBasisPoints(-1250)).toBe('-12.5%');
  });

  it('isCents takes only numbers', () => {
    expect(isCents('5')).toBe(false);
    expect(isCents(5)).toBe(true);
  });

  it('numbers in exponent form are read exactly, whole or fractional', () => {
    expect(parseUsdToCents(1e3)).toBe(100_000);
    expect(parseUsdToCents(1.5e2)).toBe(15_000);
    expect(() => parseUsdToCents(1e21)).toThrow('USD amount is too large: "1000000000000000000000"');
    expect(() => parseUsdToCents(1.25e21)).toThrow('USD amount is too large: "1250000000000000000000"');
    expect(() => parseUsdToCents(1e-7)).toThrow(
      'USD amount must be a number with at most 2 decimals, got "0.0000001"',
    );
    expect(() => parseUsdToCents(1.5e-7)).toThrow('got "0.00000015"');
    expect(normalizeTokenPriceUsd(1e-7)).toBe('0.0000001');
    expect(normalizeTokenPriceUsd(' 2.5 ')).toBe('2.5');
    expect(parseUsdToCents(' 2.5 ')).toBe(250);
  });

  it('a trailing text after a decimal is refused', () => {
    expect(() => tokenAmountToBaseUnits('1.5x')).toThrow(RangeError);
    expect(() => formatTokenAmount(' 2 ')).not.toThrow();
  });
});
