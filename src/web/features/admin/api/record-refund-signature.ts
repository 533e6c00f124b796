import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefundSchema, type RefundDto, type RefundSignatureInput } from '#shared/refunds.schemas.ts';

/** POST /api/admin/refunds/:id/signature: records the on-chain transaction of a refund sent by hand. */
async function recordRefundSignature(refundId: number, input: RefundSignatureInput): Promise<RefundDto> {
  return RefundSchema.parse(
    await api(`/api/admin/refunds/${refundId}/signature`, { method: 'POST', body: input }),
  );
}

export function useRecordRefundSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ refundId, input }: { refundId: number; input: RefundSignatureInput }) =>
      recordRefundSignature(refundId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
