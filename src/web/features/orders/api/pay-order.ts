import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CheckoutResponseSchema,
  type CheckoutResponse,
  type PayOrderRequest,
} from '#shared/checkout.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { myOrdersQueryOptions } from './list-my-orders.ts';

/**
 * POST /api/orders/:id/pay (Pay now): the server places a new order with the same request at today's
 * prices and starts its payment; the answer is a checkout's, so the buyer is redirected the same way.
 */
async function payOrder(args: { orderId: number; input: PayOrderRequest }): Promise<CheckoutResponse> {
  return CheckoutResponseSchema.parse(
    await api(`/api/orders/${args.orderId}/pay`, { method: 'POST', body: args.input }),
  );
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions.queryKey }),
  });
}
