import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderSchema, type Order } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { paymentTokenQuery } from './payment-token.ts';

/** GET /api/orders/:id: one order of the signed-in buyer. */
async function getOrder(orderId: number): Promise<Order> {
  return OrderSchema.parse(await api(`/api/orders/${orderId}${paymentTokenQuery()}`));
}

function orderQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orders', 'detail', orderId], queryFn: () => getOrder(orderId) });
}

export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
