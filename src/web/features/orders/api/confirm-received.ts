import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderSchema, type Order } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { myOrdersQueryOptions } from './list-my-orders.ts';

/** POST /api/orders/:id/received ("I received it"): the shipped order, delivered. */
async function confirmReceived(orderId: number): Promise<Order> {
  return OrderSchema.parse(await api(`/api/orders/${orderId}/received`, { method: 'POST' }));
}

export function useConfirmReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceived,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions.queryKey }),
  });
}
