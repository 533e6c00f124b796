import type { Chip } from '#shared/chips.schemas.ts';
import { BRAND } from '#shared/brand.ts';
import { formatTokens, formatUsd, parseUsdToCents } from '#shared/money.ts';

/** "12.5" → "$12.50" (thousands grouped); null when unpriced or malformed. */
export function formatPriceUsd(priceUsd: string | null | undefined): string | null {
  if (priceUsd === null || priceUsd === undefined || priceUsd === '') return null;
  try {
    return formatUsd(parseUsdToCents(priceUsd));
  } catch {
    return null;
  }
}

/** The server's token amount rounded to whole tokens: "12500" → "12,500 $ARTCHIP"; null when unknown. */
export function formatTokenPrice(price: string | null | undefined): string | null {
  if (price === null || price === undefined || price === '') return null;
  try {
    return formatTokens(price, { withTicker: true });
  } catch {
    return null;
  }
}

/** Long US date ("January 5, 2025"), or 'Unknown' for a missing or invalid date. */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Spec availability: a chip that is not available (or marked sold) reads "Sold". */
export function isChipSold(chip: Pick<Chip, 'isAvailable' | 'status'>): boolean {
  return chip.status === 'sold' || !chip.isAvailable;
}

/** True when a buyer can start a purchase: listed, active, available and priced. */
export function isChipPurchasable(
  chip: Pick<Chip, 'isAvailable' | 'status' | 'isActive' | 'isForSale' | 'priceUsd'>,
): boolean {
  return !isChipSold(chip) && chip.isActive && chip.isForSale && formatPriceUsd(chip.priceUsd) !== null;
}

/** A user-given link only if it is http(s); anything else (javascript:, data:) is dropped. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** "20.00" → "20", "12.50" → "12.5": a settings percentage for copy. */
export function formatPercent(percent: string): string {
  return percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent;
}

/** The demo-banner text for this brand. */
export const DEMO_BANNER_TEXT = `Demo Image - Not Actual ${BRAND.name}`;
