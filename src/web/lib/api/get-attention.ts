import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attention } from '#shared/attention.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** Invalidated after every successful mutation (query-client.ts): most of them change what waits. */
const ATTENTION_QUERY_KEY = ['attention'] as const;

/** Offers arrive from other people: the badge looks again this often while the page is open. */
const ATTENTION_REFRESH_MS = 60_000;

/** GET /api/my-attention: what waits for the signed-in user. */
async function getAttention(): Promise<Attention> {
  const answer = await api('/api/my-attention');
  // The schema (and zod) load only for a signed-in visitor, keeping them out of every page's first script.
  const { AttentionSchema } = await import('#shared/attention.schemas.ts');
  return AttentionSchema.parse(answer);
}

const attentionQueryOptions = queryOptions({
  queryKey: ATTENTION_QUERY_KEY,
  queryFn: getAttention,
  staleTime: 30_000,
  refetchInterval: ATTENTION_REFRESH_MS,
});

/** Only for a signed-in user (the header asks once the session is known). */
export function useAttention(options: { enabled: boolean }) {
  return useQuery({ ...attentionQueryOptions, enabled: options.enabled });
}
