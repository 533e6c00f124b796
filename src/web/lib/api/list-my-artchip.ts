import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { MyArtchipListSchema, type MyArtchipItem } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** Invalidated by whatever changes the user's chips: owner tools, completed orders, accepted offers. */
export const MY_ARTCHIP_QUERY_KEY = ['my-artchip'] as const;

/** GET /api/my-artchip: the user's chips (minted or owned) and paid mints still being made, newest first. */
async function listMyArtchip(): Promise<MyArtchipItem[]> {
  return MyArtchipListSchema.parse(await api(`/api/my-${BRAND.slug}`));
}

export const myArtchipQueryOptions = queryOptions({ queryKey: MY_ARTCHIP_QUERY_KEY, queryFn: listMyArtchip });

export function useMyArtchip() {
  return useQuery(myArtchipQueryOptions);
}
