import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { AdminChipPageSchema, type AdminChipPage } from '#shared/admin.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

/** reported: 'true' lists only chips their owners reported lost or stolen (issue 15). */
export type ChipFilter = { q: string; status: string; maker: string; reported?: string };

/** GET /api/admin/artchip: every chip, any status, with filters; keyset pages. */
async function listChips(filter: ChipFilter, cursor: number | null): Promise<AdminChipPage> {
  const qs = queryString({ ...filter, cursor });
  return AdminChipPageSchema.parse(await api(`/api/admin/${BRAND.slug}${qs}`));
}

const chipsQueryOptions = (filter: ChipFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'chips', filter],
    queryFn: ({ pageParam }) => listChips(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAdminChips(filter: ChipFilter) {
  return useInfiniteQuery(chipsQueryOptions(filter));
}
