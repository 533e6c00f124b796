import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import type { CoinPrice } from '#shared/price.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** Spec §7: the token price is polled every 30 s and stale after 25 s. */
const TOKEN_PRICE_REFRESH_MS = 30_000;

/** GET /api/price/artchip: the live token price (or the launch price, marked as fallback). */
async function getTokenPrice(): Promise<CoinPrice> {
  const answer = await api(`/api/price/${BRAND.slug}`);
  // The header shows the price on every page: its schema (and zod) load only when the browser itself
  // reads the price, not with every page's first script (server-rendered pages come with it).
  const { CoinPriceSchema } = await import('#shared/price.schemas.ts');
  return CoinPriceSchema.parse(answer);
}

const tokenPriceQueryOptions = queryOptions({
  queryKey: ['price', BRAND.slug],
  queryFn: getTokenPrice,
  refetchInterval: TOKEN_PRICE_REFRESH_MS,
  staleTime: 25_000,
});

export function useTokenPrice() {
  return useQuery(tokenPriceQueryOptions);
}
