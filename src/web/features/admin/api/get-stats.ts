import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminStatsSchema, type AdminStats } from '#shared/admin.schemas.ts';

/** GET /api/admin/stats: the Overview cards. */
async function getAdminStats(): Promise<AdminStats> {
  return AdminStatsSchema.parse(await api('/api/admin/stats'));
}

const adminStatsQueryOptions = () => queryOptions({ queryKey: ['admin', 'stats'], queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
