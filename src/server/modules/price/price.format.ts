/**
 * Display text for the price ticker. Token prices are decimal strings and are rounded with integer
 * arithmetic; the 24 h change is a percentage for display only, so a float is fine there.
 */

/** Significant digits shown for prices below $1: 0.001 → "$0.001000", 0.00001234 → "$0.00001234". */
const SIGNIFICANT_DIGITS = 4;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$0.001000" for 0.001, "$1,234.57" for 1234.5678: 2 decimals from $1, else 4 significant digits. */
export function formatTokenPriceUsd(priceUsd: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(priceUsd);
  if (!match) throw new RangeError(`Not a plain decimal price: "${priceUsd}"`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const leadingZeros = /^0*/.exec(fraction)?.[0].length ?? 0;
  const decimals = BigInt(whole) >= 1n ? 2 : leadingZeros + SIGNIFICANT_DIGITS;
  const units = BigInt(`${whole}${fraction}`);
  let rounded: bigint;
  if (fraction.length <= decimals) rounded = units * 10n ** BigInt(decimals - fraction.length);
  else {
    const divisor = 10n ** BigInt(fraction.length - decimals);
    rounded = (units + divisor / 2n) / divisor;
  }
  const digits = rounded.toString().padStart(decimals + 1, '0');
  return `$${groupThousands(digits.slice(0, -decimals))}.${digits.slice(-decimals)}`;
}

/** Percent change from `past` to `current`, rounded to 2 decimals (never -0). */
export function percentChange(current: string, past: string): number {
  const from = Number(past);
  if (!(from > 0)) return 0;
  return roundChange(((Number(current) - from) / from) * 100);
}

/** Rounds a percentage to 2 decimals; non-finite values become 0. */
export function roundChange(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** "+2.35%", "-1.20%", "+0.00%". */
export function formatChange(change: number): string {
  return `${change >= 0 ? '+' : '-'}${Math.abs(change).toFixed(2)}%`;
}
