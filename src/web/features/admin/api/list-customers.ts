import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AdminCustomerPageSchema, type AdminCustomerPage } from '#shared/admin.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

/** GET /api/admin/customers?q=: search by username, e-mail or name; keyset pages. */
async function listCustomers(q: string, cursor: number | null): Promise<AdminCustomerPage> {
  return AdminCustomerPageSchema.parse(await api(`/api/admin/customers${queryString({ q, cursor })}`));
}

const customersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'customers', q],
    queryFn: ({ pageParam }) => listCustomers(q, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCustomers(q: string) {
  return useInfiniteQuery(customersQueryOptions(q));
}
