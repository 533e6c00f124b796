import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AffiliateStatsListSchema, type AffiliateStats } from '#shared/affiliates.schemas.ts';

/** GET /api/admin/affiliate-stats: one row per affiliate. */
async function getAffiliateStats(): Promise<AffiliateStats[]> {
  return AffiliateStatsListSchema.parse(await api('/api/admin/affiliate-stats'));
}

const affiliateStatsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'affiliate-stats'], queryFn: getAffiliateStats });

export function useAffiliateStats() {
  return useQuery(affiliateStatsQueryOptions());
}
