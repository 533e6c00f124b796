import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CompleteOrderResponseSchema, type Order } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { MY_ARTCHIP_QUERY_KEY } from '#web/lib/api/list-my-artchip.ts';
import { paymentTokenQuery } from './payment-token.ts';

/** POST /api/orders/:id/complete: the demo payment simulation marks the order paid (demo mode only). */
async function completeOrder(orderId: number): Promise<Order> {
  return CompleteOrderResponseSchema.parse(
    await api(`/api/orders/${orderId}/complete${paymentTokenQuery()}`, { method: 'POST' }),
  ).order;
}

export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', order.id], order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: MY_ARTCHIP_QUERY_KEY });
    },
  });
}
