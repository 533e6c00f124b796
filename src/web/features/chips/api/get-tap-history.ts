import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { TapHistorySchema, type TapHistory } from '#shared/handovers.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/artchip/:id/tap-history: how many verified taps, and when the last was. */
function tapHistoryQueryOptions(chipId: number) {
  return queryOptions({
    queryKey: ['chips', 'tap-history', chipId],
    queryFn: async (): Promise<TapHistory> =>
      TapHistorySchema.parse(await api(`${CHIP_API}/${chipId}/tap-history`)),
    // Changes with every tap; never rendered on the server.
    meta: { ssr: false },
  });
}

export function useTapHistory(chipId: number) {
  return useQuery(tapHistoryQueryOptions(chipId));
}
