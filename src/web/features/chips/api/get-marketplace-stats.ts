import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { MarketplaceStatsSchema, type MarketplaceStats } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/stats: real figures (PRODUCT.md "Numbers shown to people are real"). */
async function getMarketplaceStats(): Promise<MarketplaceStats> {
  return MarketplaceStatsSchema.parse(await api(`${CHIP_API}/stats`));
}

const marketplaceStatsQueryOptions = queryOptions({
  queryKey: ['chips', 'stats'],
  queryFn: getMarketplaceStats,
});

export function useMarketplaceStats() {
  return useQuery(marketplaceStatsQueryOptions);
}
