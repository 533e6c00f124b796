import { type MARKETPLACE_SORTS, MarketplaceQuerySchema } from '#shared/chips.schemas.ts';
import type { MarketplaceFilters } from '../api/list-marketplace.ts';

/** The URL query keys the marketplace keeps its filters in. */
export const FILTER_KEYS = ['q', 'shape', 'minPrice', 'maxPrice', 'creator', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORT_LABELS: Record<(typeof MARKETPLACE_SORTS)[number], string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** Filters from the URL; a value the API would refuse is dropped rather than sent. */
export function readFilters(params: URLSearchParams): MarketplaceFilters {
  const shape = MarketplaceQuerySchema.shape;
  const pick = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, key: FilterKey) => {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') return undefined;
    const result = schema.safeParse(raw);
    return result.success ? result.data : undefined;
  };
  const filters: MarketplaceFilters = { sort: pick(shape.sort, 'sort') ?? 'newest' };
  const q = pick(shape.q, 'q');
  const chipShape = pick(shape.shape, 'shape');
  const minPrice = pick(shape.minPrice, 'minPrice');
  const maxPrice = pick(shape.maxPrice, 'maxPrice');
  const creator = pick(shape.creator, 'creator');
  if (q) filters.q = q;
  if (chipShape) filters.shape = chipShape;
  if (minPrice) filters.minPrice = minPrice;
  if (maxPrice) filters.maxPrice = maxPrice;
  if (creator) filters.creator = creator;
  return filters;
}

/** True when anything narrows the list (sort alone does not). */
export function hasActiveFilters(filters: MarketplaceFilters): boolean {
  return Boolean(filters.q || filters.shape || filters.minPrice || filters.maxPrice || filters.creator);
}

/** The error for a price filter as typed, or undefined when it is empty or valid. */
export function priceFilterError(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const result = MarketplaceQuerySchema.shape.minPrice.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Enter a price like 12.50');
}

/** How many filters beside the search box are in use (a sort other than newest counts), for the Filters button. */
export function countRefinements(filters: MarketplaceFilters): number {
  return [
    filters.shape,
    filters.minPrice,
    filters.maxPrice,
    filters.creator,
    filters.sort !== 'newest' ? filters.sort : undefined,
  ].filter(Boolean).length;
}

/**
 * Whether a filter change replaces the current history entry instead of adding one: only while the
 * same field is being typed in, so Back skips the in-between words but returns to each earlier choice.
 */
export function replacesHistory(typingBefore: FilterKey | null, typingNow: FilterKey | undefined): boolean {
  return typingNow !== undefined && typingBefore === typingNow;
}
