import { queryOptions, useQuery } from '@tanstack/react-query';
import { LegalPageSchema, type LegalPage, type LegalPageKey } from '#shared/legal.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/legal/:page: the Privacy Policy or Terms of Service text (the public pages and the admin's editor). */
async function getLegalPage(page: LegalPageKey): Promise<LegalPage> {
  return LegalPageSchema.parse(await api(`/api/legal/${page}`));
}

const legalPageQueryOptions = (page: LegalPageKey) =>
  queryOptions({
    // The admin's save sets ['legal', page].
    queryKey: ['legal', page],
    queryFn: () => getLegalPage(page),
    staleTime: 5 * 60_000,
  });

export function useLegalPage(page: LegalPageKey) {
  return useQuery(legalPageQueryOptions(page));
}
