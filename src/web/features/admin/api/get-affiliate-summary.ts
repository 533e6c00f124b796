import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminAffiliateSummarySchema, type AdminAffiliateSummary } from '#shared/affiliates.schemas.ts';

/** GET /api/admin/affiliates: totals across affiliates. */
async function getAffiliateSummary(): Promise<AdminAffiliateSummary> {
  return AdminAffiliateSummarySchema.parse(await api('/api/admin/affiliates'));
}

const affiliateSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'affiliates'], queryFn: getAffiliateSummary });

export function useAffiliateSummary() {
  return useQuery(affiliateSummaryQueryOptions());
}
