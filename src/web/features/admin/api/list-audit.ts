import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AuditPageSchema, type AuditPage } from '#shared/admin.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

export type AuditFilter = { entity: string; adminId: string };

/** GET /api/admin/audit?entity=&adminId=: newest first; keyset pages. */
async function listAudit(filter: AuditFilter, cursor: number | null): Promise<AuditPage> {
  return AuditPageSchema.parse(await api(`/api/admin/audit${queryString({ ...filter, cursor })}`));
}

const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ pageParam }) => listAudit(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
