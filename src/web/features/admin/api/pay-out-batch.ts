import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PayoutBatchResultSchema,
  type PayoutBatchInput,
  type PayoutBatchResult,
} from '#shared/payouts.schemas.ts';

/** POST /api/admin/payouts/batch: pays several balances, each once; every item answers a payout or an error. */
async function payOutBatch(input: PayoutBatchInput): Promise<PayoutBatchResult> {
  return PayoutBatchResultSchema.parse(
    await api('/api/admin/payouts/batch', { method: 'POST', body: input }),
  );
}

export function usePayOutBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payOutBatch,
    // Settled even when some items failed: whatever was paid leaves the list.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
