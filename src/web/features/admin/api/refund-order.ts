import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefundSchema, type AdminRefundInput, type RefundDto } from '#shared/refunds.schemas.ts';

/** POST /api/admin/orders/:id/refund: gives the buyer's payment back, with the reason they will read. */
async function refundOrder(id: number, input: AdminRefundInput): Promise<RefundDto> {
  return RefundSchema.parse(await api(`/api/admin/orders/${id}/refund`, { method: 'POST', body: input }));
}

export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AdminRefundInput }) => refundOrder(id, input),
    // The order (status, actions, timeline), its money, the lists and the balances all change.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
