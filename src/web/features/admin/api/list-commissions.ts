import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CommissionListSchema, type Commission } from '#shared/affiliates.schemas.ts';

/** GET /api/admin/affiliate-commissions?userId=: one affiliate's commissions. */
async function listCommissions(userId: number): Promise<Commission[]> {
  return CommissionListSchema.parse(await api(`/api/admin/affiliate-commissions?userId=${userId}`));
}

const commissionsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['admin', 'commissions', userId], queryFn: () => listCommissions(userId) });

export function useCommissions(userId: number | null) {
  return useQuery({ ...commissionsQueryOptions(userId ?? 0), enabled: userId !== null });
}
