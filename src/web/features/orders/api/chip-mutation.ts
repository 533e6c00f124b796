import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MY_ARTCHIP_QUERY_KEY } from '#web/lib/api/list-my-artchip.ts';

/** What a change to one of the user's chips makes stale: the collection, stats and catalogue pages. */
function invalidateAfterChipChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_ARTCHIP_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['my-stats'] }),
    queryClient.invalidateQueries({ queryKey: ['chips'] }),
  ]).then(() => undefined);
}

export function useInvalidateAfterChipChange() {
  const queryClient = useQueryClient();
  return () => invalidateAfterChipChange(queryClient);
}
