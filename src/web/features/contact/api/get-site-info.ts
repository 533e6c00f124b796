import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteInfoSchema, type SiteInfo } from '#shared/settings.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/site-info: the support address shown on the contact page. */
export async function getSiteInfo(): Promise<SiteInfo> {
  return SiteInfoSchema.parse(await api('/api/site-info'));
}

export const siteInfoQueryOptions = queryOptions({
  // Its own key: other features cache a narrower parse of the same endpoint under ['site-info'].
  queryKey: ['site-info', 'contact'],
  queryFn: getSiteInfo,
  staleTime: 5 * 60_000,
});

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}
