import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: no retries, data never fresh by default, no refetch on window focus. After any successful
 * change the header's count of what waits for the user (['attention']) is read again: offers, orders
 * and chips all move it, and asking every mutation to remember that would miss some.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // Not awaited: the mutation's own caller should not wait for the badge.
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: ['attention'] });
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
