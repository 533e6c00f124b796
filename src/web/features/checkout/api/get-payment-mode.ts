import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteInfoSchema } from '#shared/settings.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/site-info → demoPayments: true while payments run in demo mode (label them 'Demo'). */
export async function getIsDemoPayments(): Promise<boolean> {
  return SiteInfoSchema.pick({ demoPayments: true }).parse(await api('/api/site-info')).demoPayments;
}

export const demoPaymentsQueryOptions = queryOptions({
  queryKey: ['site-info', 'demo-payments'],
  queryFn: getIsDemoPayments,
  staleTime: 5 * 60_000,
});

export function useIsDemoPayments() {
  return useQuery(demoPaymentsQueryOptions);
}
