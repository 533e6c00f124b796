import { useQuery } from '@tanstack/react-query';
import type { MyArtchipItem } from '#shared/orders.schemas.ts';
import { myArtchipQueryOptions } from '#web/lib/api/list-my-artchip.ts';

/** How many of their chips the signed-in home shows. */
export const NEWEST_CHIPS_COUNT = 3;

/** The newest rows first, at most NEWEST_CHIPS_COUNT. */
function selectNewestChips(items: MyArtchipItem[]): MyArtchipItem[] {
  return [...items]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, NEWEST_CHIPS_COUNT);
}

/**
 * The signed-in user's newest chips from GET /api/my-artchip (the dashboard's query and cache):
 * made, bought and vaulted chips, and paid mints still being made. A failed parse is an error, never
 * a silent fallback to another list.
 */
export function useMyNewestChips() {
  return useQuery({ ...myArtchipQueryOptions, select: selectNewestChips });
}
