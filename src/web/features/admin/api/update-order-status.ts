import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrderStatusInput } from '#shared/orders.schemas.ts';

/** PATCH /api/admin/orders/:id/status: processing, completed, shipped (with carrier and tracking) or delivered. */
async function updateOrderStatus(id: number, input: UpdateOrderStatusInput): Promise<unknown> {
  return api(`/api/admin/orders/${id}/status`, { method: 'PATCH', body: input });
}

export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateOrderStatusInput }) =>
      updateOrderStatus(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
