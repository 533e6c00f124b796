import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LeaderboardEntrySchema, type LeaderboardEntry } from '#shared/chips.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/top-minters: the leaderboard. */
async function getTopMinters(): Promise<LeaderboardEntry[]> {
  return z.array(LeaderboardEntrySchema).parse(await api('/api/top-minters'));
}

const topMintersQueryOptions = queryOptions({
  queryKey: ['chips', 'top-minters'],
  queryFn: getTopMinters,
});

export function useTopMinters() {
  return useQuery(topMintersQueryOptions);
}
