/** Fee and price text for the info pages, computed from site settings with integer arithmetic. */
import {
  BASIS_POINTS_PER_WHOLE,
  formatBasisPoints,
  formatUsd,
  parsePercentToBasisPoints,
  parseUsdToCents,
} from '#shared/money.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { BRAND } from '#shared/brand.ts';

/** A settings percentage ("10.00") as "10%". */
export function formatPercentSetting(percent: string): string {
  return formatBasisPoints(parsePercentToBasisPoints(percent));
}

/** What direct PayPal costs relative to the USD price: markup "20.00" → "120%". */
export function paypalTotalPercent(paypalMarkupPercent: string): string {
  return formatBasisPoints(BASIS_POINTS_PER_WHOLE + parsePercentToBasisPoints(paypalMarkupPercent));
}

/** A settings USD amount ("15.00") as "$15.00". */
export function formatUsdSetting(amount: string): string {
  return formatUsd(parseUsdToCents(amount));
}

const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'card',
  paypal: 'PayPal',
  artchip: `the ${BRAND.ticker} token`,
};

/** "card, PayPal or the $ARTCHIP token". */
export function paymentMethodList(methods: readonly PaymentMethod[]): string {
  const labels = methods.map((m) => METHOD_LABELS[m]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** Supply × price in whole dollars, exact for a decimal price string (1e9 × "0.001" → 1000000n). */
export function marketCapDollars(supply: bigint, priceUsd: string): bigint {
  const [whole = '0', fraction = ''] = priceUsd.split('.');
  return (supply * BigInt(`${whole}${fraction}`)) / 10n ** BigInt(fraction.length);
}

/** Compact dollars: 1000000n → "$1M", 2500000n → "$2.5M". */
export function formatCompactUsd(dollars: bigint): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(Number(dollars));
}
