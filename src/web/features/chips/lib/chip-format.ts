import type { Chip, ChipActions } from '#shared/chips.schemas.ts';
import { BRAND } from '#shared/brand.ts';
import { formatTokenAmount, formatUsd, parseUsdToCents } from '#shared/money.ts';
import { formatMonthDayYear } from '#web/lib/dates.ts';

/** "12.5" → "$12.50" (thousands grouped); null when unpriced or malformed. */
export function formatPriceUsd(priceUsd: string | null | undefined): string | null {
  if (priceUsd === null || priceUsd === undefined || priceUsd === '') return null;
  try {
    return formatUsd(parseUsdToCents(priceUsd));
  } catch {
    return null;
  }
}

/** The server's token price (whole tokens, spec): "12500" → "12,500 $ARTCHIP"; null when unknown. */
export function formatTokenPrice(price: string | null | undefined): string | null {
  if (price === null || price === undefined || price === '') return null;
  try {
    return formatTokenAmount(price, { withTicker: true });
  } catch {
    return null;
  }
}

/**
 * Long US date ("January 5, 2025"), or 'Unknown' for a missing or invalid date; in the visitor's time
 * zone unless one is given (useDisplayTimeZone).
 */
export function formatLongDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return formatMonthDayYear(date, timeZone);
}

/**
 * How a chip reads to everyone (the badge): listed and free, held by a checkout or an accepted offer,
 * not for sale (unlisted by its owner, or never listed yet: decision 062), bought and not listed
 * again, or taken down by an admin (its owner and admins only). From the wire's status and
 * isReserved; what the viewer may do is chip.actions, never this.
 */
export type ChipAvailability = 'available' | 'reserved' | 'not_for_sale' | 'sold' | 'removed';

export function chipAvailability(
  chip: Pick<Chip, 'status' | 'isReserved'> & Partial<Pick<Chip, 'isDemoNotForSale'>>,
): ChipAvailability {
  // A listed demo-catalogue chip cannot be bought once payments are live (PRODUCT.md).
  if (chip.status === 'active' && chip.isDemoNotForSale) return 'not_for_sale';
  if (chip.status === 'active') return chip.isReserved ? 'reserved' : 'available';
  if (chip.status === 'inactive' || chip.status === 'pending') return 'not_for_sale';
  return chip.status;
}

export const AVAILABILITY_LABELS: Record<ChipAvailability, string> = {
  available: 'Available',
  reserved: 'Reserved',
  not_for_sale: 'Not for sale',
  sold: 'Sold',
  removed: 'Taken down',
};

/** The chip's owner: the creator owns it until its first sale (ownerId is null until then). */
export function chipOwnerId(chip: Pick<Chip, 'ownerId' | 'creatorId'>): number {
  return chip.ownerId ?? chip.creatorId;
}

/**
 * The chip's actions for the signed-in viewer. List endpoints (marketplace, featured, gallery) answer
 * them for a visitor, so Buy and Offer are masked on the viewer's own chips; single-chip reads are
 * already the viewer's and pass through unchanged.
 */
export function actionsForViewer(
  chip: Pick<Chip, 'actions' | 'ownerId' | 'creatorId'>,
  viewerId: number | null,
): ChipActions {
  if (viewerId === null || chipOwnerId(chip) !== viewerId) return chip.actions;
  return { ...chip.actions, buy: false, offer: false };
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
