import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { CoinPriceSchema, type CoinPrice } from '#shared/price.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/price/artchip: the live token price (or the launch price, marked as fallback). */
export async function getTokenPrice(): Promise<CoinPrice> {
  return CoinPriceSchema.parse(await api(`/api/price/${BRAND.slug}`));
}

export const tokenPriceQueryOptions = queryOptions({
  // The ticker's key and parse, so the page and the ticker share one poll (spec §7: 30 s, stale after 25 s).
  queryKey: ['price', BRAND.slug],
  queryFn: getTokenPrice,
  refetchInterval: 30_000,
  staleTime: 25_000,
});

export function useTokenPrice() {
  return useQuery(tokenPriceQueryOptions);
}
