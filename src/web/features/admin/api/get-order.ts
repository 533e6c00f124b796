import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOrderDetailSchema, type AdminOrderDetail } from '#shared/orders.schemas.ts';

/** GET /api/admin/orders/:id: the item, where it goes, the payment, the timeline and the allowed actions. */
async function getOrder(id: number): Promise<AdminOrderDetail> {
  return AdminOrderDetailSchema.parse(await api(`/api/admin/orders/${id}`));
}

// Under ['admin', 'orders'], so every order mutation (status, chip, media) refreshes it too.
const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'orders', 'detail', id], queryFn: () => getOrder(id) });

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });
}
