import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteInfoSchema, type SiteInfo } from '#shared/settings.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/site-info: public facts of this deployment (support address, live-auction link, demo payments, token mint). */
async function getSiteInfo(): Promise<SiteInfo> {
  return SiteInfoSchema.parse(await api('/api/site-info'));
}

const siteInfoQueryOptions = queryOptions({
  queryKey: ['site-info'],
  queryFn: getSiteInfo,
  staleTime: 5 * 60_000,
});

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}

/** True while payments run in demo mode (each method is labelled 'Demo'). */
export function useIsDemoPayments() {
  return useQuery({ ...siteInfoQueryOptions, select: (info) => info.demoPayments });
}
