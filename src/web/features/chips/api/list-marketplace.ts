import { infiniteQueryOptions } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { ChipPageSchema, type ChipPage, type MarketplaceQuery } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** Marketplace filters as the page keeps them in the URL (everything but the cursor and page size). */
export type MarketplaceFilters = Omit<MarketplaceQuery, 'cursor' | 'limit'>;

/** One keyset page of listed chips: GET /api/artchip?q&shape&minPrice&maxPrice&creator&sort&cursor&limit. */
async function listMarketplace(
  filters: MarketplaceFilters,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<ChipPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return ChipPageSchema.parse(await api(query ? `${CHIP_API}?${query}` : CHIP_API, { signal }));
}

export function marketplaceQueryOptions(filters: MarketplaceFilters) {
  return infiniteQueryOptions({
    queryKey: ['chips', 'marketplace', filters],
    queryFn: ({ pageParam, signal }) => listMarketplace(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
