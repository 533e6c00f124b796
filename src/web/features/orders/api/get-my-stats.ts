import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyStatsSchema, type MyStats } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/my-stats: minted, sold, revenue and proceeds still to be paid out. */
async function getMyStats(): Promise<MyStats> {
  return MyStatsSchema.parse(await api('/api/my-stats'));
}

const myStatsQueryOptions = queryOptions({ queryKey: ['my-stats'], queryFn: getMyStats });

export function useMyStats() {
  return useQuery(myStatsQueryOptions);
}
