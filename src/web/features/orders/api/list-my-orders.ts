import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderListSchema, type Order } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/my-orders: the signed-in user's orders, newest first. */
async function listMyOrders(): Promise<Order[]> {
  return OrderListSchema.parse(await api('/api/my-orders'));
}

export const myOrdersQueryOptions = queryOptions({ queryKey: ['orders', 'mine'], queryFn: listMyOrders });

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions);
}
