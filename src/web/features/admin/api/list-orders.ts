import { api } from '#web/lib/api-client.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ADMIN_ORDER_TYPES, AdminOrderPageSchema, type AdminOrderPage } from '#shared/admin.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

export type OrderFilter = { type: (typeof ADMIN_ORDER_TYPES)[number]; status: string };

/** GET /api/admin/orders: mint orders by default, or purchases; keyset pages. */
async function listOrders(filter: OrderFilter, cursor: number | null): Promise<AdminOrderPage> {
  const qs = queryString({ type: filter.type, status: filter.status, cursor });
  return AdminOrderPageSchema.parse(await api(`/api/admin/orders${qs}`));
}

const ordersQueryOptions = (filter: OrderFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'orders', filter],
    queryFn: ({ pageParam }) => listOrders(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useOrders(filter: OrderFilter) {
  return useInfiniteQuery(ordersQueryOptions(filter));
}
