/**
 * Money without floating point. USD is integer cents, percentages are integer basis points
 * (10.00% = 1000), token amounts are decimal strings computed with BigInt. Pure: no I/O, shared by
 * server and browser (PRODUCT.md "One source of truth for money", STYLE.md §6).
 */
import { BRAND } from './brand.ts';

/** Basis points in 100%. */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** Decimal places of a token amount; matches the SPL mint's 6 decimals, so 0.000001 is one base unit. */
export const TOKEN_DECIMALS = 6;

/** Most decimals a token price may carry; bounds the BigInt work on untrusted input. */
export const TOKEN_PRICE_MAX_DECIMALS = 18;

/** Wire form of a token price in USD: plain decimal, no exponent ("0.001", "0.00001234"). */
const TOKEN_PRICE_PATTERN = new RegExp(`^\\d{1,12}(?:\\.\\d{1,${TOKEN_PRICE_MAX_DECIMALS}})?$`);

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

type Decimal = { units: bigint; scale: number };

/** True when `value` is a whole number of cents that JS can hold exactly. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Throws a RangeError unless `value` is a safe integer (cents, basis points). */
export function assertCents(value: number, label = 'Amount'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a safe integer, got ${value}`);
}

/** Adds cent amounts, throwing if any input or the sum leaves the safe-integer range. */
export function addCents(...amounts: number[]): number {
  let sum = 0;
  for (const amount of amounts) {
    assertCents(amount);
    sum += amount;
  }
  assertCents(sum, 'Sum');
  return sum;
}

function assertNonNegative(value: number, label: string): void {
  assertCents(value, label);
  if (value < 0) throw new RangeError(`${label} must not be negative, got ${value}`);
}

/** Parses a plain decimal string into an integer of units at its own scale. */
function parseDecimal(text: string, label: string): Decimal {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`${label} must be a non-negative decimal number, got "${text}"`);
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** Turns a finite number into plain decimal text, expanding exponents (1e-7 → "0.0000001"). */
function numberToPlainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  // String() gives the shortest text that round-trips, so 12.5 stays "12.5" and 0.1 + 0.2 keeps its
  // tell-tale digits and is rejected by the caller's pattern instead of being silently rounded.
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Parses "12", "12.5", "12.50" (or a number) into hundredths; shared by USD and percent parsing. */
function parseHundredths(value: string | number, label: string): number {
  const text = (typeof value === 'number' ? numberToPlainDecimal(value) : String(value)).trim();
  if (text.startsWith('-')) throw new RangeError(`${label} must not be negative, got "${text}"`);
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`${label} must be a number with at most 2 decimals, got "${text}"`);
  const hundredths = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (hundredths > MAX_SAFE) throw new RangeError(`${label} is too large: "${text}"`);
  return Number(hundredths);
}

/** Formats hundredths as "12.50" (or "-12.50"); exact because it only uses integer arithmetic. */
function formatHundredths(value: number, label: string): string {
  assertCents(value, label);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const remainder = abs % 100;
  return `${sign}${(abs - remainder) / 100}.${String(remainder).padStart(2, '0')}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Parses a USD amount ("12", "12.5", "12.50" or 12.5) into integer cents; RangeError if invalid. */
export function parseUsdToCents(value: string | number): number {
  return parseHundredths(value, 'USD amount');
}

/** Formats cents as the wire decimal string of the spec's priceUsd: 1250 → "12.50". */
export function centsToUsdString(cents: number): string {
  return formatHundredths(cents, 'Cents');
}

/** Formats cents for people: 123450 → "$1,234.50", -500 → "-$5.00". */
export function formatUsd(cents: number): string {
  const [sign, digits] = cents < 0 ? ['-', centsToUsdString(-cents)] : ['', centsToUsdString(cents)];
  const [whole = '0', fraction = '00'] = digits.split('.');
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}

/**
 * `basisPoints` of `cents`, rounded half-up to a whole cent (0.5 ¢ goes up): the usual commercial
 * rounding, so 10% of 5 ¢ is 1 ¢. Both inputs must be non-negative safe integers; BigInt keeps the
 * intermediate product exact however large it gets.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  assertNonNegative(cents, 'Cents');
  assertNonNegative(basisPoints, 'Basis points');
  const whole = BigInt(BASIS_POINTS_PER_WHOLE);
  const result = (BigInt(cents) * BigInt(basisPoints) + whole / 2n) / whole;
  if (result > MAX_SAFE) throw new RangeError('Percentage result is too large');
  return Number(result);
}

/** Parses a percentage ("10", "10.00" or 10) into basis points (1000); RangeError if invalid. */
export function parsePercentToBasisPoints(value: string | number): number {
  return parseHundredths(value, 'Percentage');
}

/** Formats basis points as the wire percentage string: 1000 → "10.00". */
export function basisPointsToPercentString(basisPoints: number): string {
  return formatHundredths(basisPoints, 'Basis points');
}

/** Rounds a non-negative decimal half-up to `scale` places and returns its units at that scale. */
function roundHalfUp({ units, scale }: Decimal, target: number): bigint {
  if (scale <= target) return units * 10n ** BigInt(target - scale);
  const divisor = 10n ** BigInt(scale - target);
  return (units + divisor / 2n) / divisor;
}

/** Formats units at `scale` as plain decimal text with exactly `scale` places. */
function formatUnits(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Parses and checks a token price: plain positive decimal text within TOKEN_PRICE_PATTERN. */
function parseTokenPrice(priceUsd: string): Decimal {
  if (!TOKEN_PRICE_PATTERN.test(priceUsd)) {
    throw new RangeError(`Token price must be a plain decimal string, got "${priceUsd}"`);
  }
  const price = parseDecimal(priceUsd, 'Token price');
  if (price.units === 0n) throw new RangeError('Token price must be greater than 0');
  return price;
}

/** True when `value` is a usable token price string ("0.001"): plain decimal and above zero. */
export function isValidTokenPriceUsd(value: string): boolean {
  return TOKEN_PRICE_PATTERN.test(value) && /[1-9]/.test(value);
}

/**
 * Canonical token price text from a price feed's string or number: exponents expanded, rounded
 * half-up to TOKEN_PRICE_MAX_DECIMALS, trailing zeros dropped (1.234e-7 → "0.0000001234").
 * RangeError when the result is not a positive price.
 */
export function normalizeTokenPriceUsd(value: string | number): string {
  const text = (typeof value === 'number' ? numberToPlainDecimal(value) : value).trim();
  const rounded = roundHalfUp(parseDecimal(text, 'Token price'), TOKEN_PRICE_MAX_DECIMALS);
  const canonical = formatUnits(rounded, TOKEN_PRICE_MAX_DECIMALS).replace(/0+$/, '').replace(/\.$/, '');
  parseTokenPrice(canonical);
  return canonical;
}

/**
 * Tokens worth `totalCents` at `tokenPriceUsd`, as a decimal string with exactly 6 decimals,
 * rounded UP at the 6th decimal so a payer never sends less than the USD total.
 */
export function tokenAmountForUsd(totalCents: number, tokenPriceUsd: string): string {
  assertNonNegative(totalCents, 'Total cents');
  const price = parseTokenPrice(tokenPriceUsd);
  // micro-tokens = (cents / 100) / (units / 10^scale) * 10^6 = cents * 10^(4 + scale) / units
  const numerator = BigInt(totalCents) * 10n ** BigInt(TOKEN_DECIMALS - 2 + price.scale);
  const microTokens = (numerator + price.units - 1n) / price.units;
  return formatUnits(microTokens, TOKEN_DECIMALS);
}

/**
 * A token amount in the mint's base units for on-chain comparison ("1.5", 6 → 1500000n). Rounds
 * UP when the mint has fewer decimals than the amount, for the same never-underpay reason.
 */
export function tokenAmountToBaseUnits(amount: string, decimals: number = TOKEN_DECIMALS): bigint {
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new RangeError('Decimals must be >= 0');
  const parsed = parseDecimal(amount, 'Token amount');
  if (parsed.scale <= decimals) return parsed.units * 10n ** BigInt(decimals - parsed.scale);
  const divisor = 10n ** BigInt(parsed.scale - decimals);
  return (parsed.units + divisor - 1n) / divisor;
}

/** A token amount rounded half-up to whole tokens, as in the spec's chip pages ("1234.5" → "1235"). */
export function roundTokensForDisplay(amount: string): string {
  return roundHalfUp(parseDecimal(amount, 'Token amount'), 0).toString();
}

/** Options for formatTokenAmount. */
export type FormatTokenAmountOptions = {
  /**
   * Every decimal the amount has instead of the short form: only where a wallet sends exactly this
   * amount ("Send exactly" on the token payment page), so the page and the wallet read the same.
   */
  isExact?: boolean;
  /** Appends the ticker: "25,000 $ARTCHIP". */
  withTicker?: boolean;
};

/** Decimals the short form keeps from 1 token up. */
const SHORT_TOKEN_DECIMALS = 2;

/** Rounds a non-negative decimal up to `target` places and returns its units at that scale. */
function roundUp({ units, scale }: Decimal, target: number): bigint {
  if (scale <= target) return units * 10n ** BigInt(target - scale);
  const divisor = 10n ** BigInt(scale - target);
  return (units + divisor - 1n) / divisor;
}

/**
 * The one formatter for token amounts people read, on every page and in every e-mail: thousands
 * grouped, no trailing zeros. The short form (default) keeps at most 2 decimals from 1 token up and 2
 * significant decimals below 1, rounded UP, so a shown amount is never less than the one quoted
 * (ADR 004): "25000.000000" → "25,000", "10032.520326" → "10,032.53", "0.000123" → "0.00013".
 * `isExact` keeps every decimal ("22500.500000" → "22,500.5").
 */
export function formatTokenAmount(amount: string, options: FormatTokenAmountOptions = {}): string {
  const parsed = parseDecimal(amount.trim(), 'Token amount');
  let decimals = parsed.scale;
  if (!options.isExact) {
    const isBelowOne = parsed.units > 0n && parsed.units < 10n ** BigInt(parsed.scale);
    // Below 1, the zeros after the point plus 2 significant digits: 0.000123 keeps 5 decimals.
    const leadingZeros = parsed.scale - parsed.units.toString().length;
    decimals = isBelowOne ? leadingZeros + SHORT_TOKEN_DECIMALS : SHORT_TOKEN_DECIMALS;
  }
  const [whole = '0', fraction = ''] = formatUnits(roundUp(parsed, decimals), decimals).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const text = trimmed ? `${groupThousands(whole)}.${trimmed}` : groupThousands(whole);
  return options.withTicker ? `${text} ${BRAND.ticker}` : text;
}

/** Basis points as a short percentage: 3000 → "30%", 1250 → "12.5%", 1234 → "12.34%". */
export function formatBasisPoints(basisPoints: number): string {
  assertCents(basisPoints, 'Basis points');
  const sign = basisPoints < 0 ? '-' : '';
  const abs = Math.abs(basisPoints);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.trunc(abs / 100)}${fraction ? `.${fraction}` : ''}%`;
}
