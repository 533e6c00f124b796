import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { CoinPriceSchema, type CoinPrice } from '#shared/price.schemas.ts';
import { api } from '#web/lib/api-client.ts';

export const PRICE_REFRESH_MS = 30_000;

export async function getPrice(): Promise<CoinPrice> {
  return CoinPriceSchema.parse(await api(`/api/price/${BRAND.slug}`));
}

/** Spec §7: polled every 30 s, stale after 25 s. */
export const priceQueryOptions = queryOptions({
  queryKey: ['price', BRAND.slug],
  queryFn: getPrice,
  refetchInterval: PRICE_REFRESH_MS,
  staleTime: 25_000,
});

export function usePrice() {
  return useQuery(priceQueryOptions);
}
