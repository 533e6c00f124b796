import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PayoutSchema, type Payout } from '#shared/affiliates.schemas.ts';

/** POST /api/admin/affiliate-payout/:userId: marks all pending commissions paid in the token. */
async function payOutAffiliate(userId: number, txReference: string): Promise<Payout> {
  const body = txReference ? { txReference } : {};
  return PayoutSchema.parse(await api(`/api/admin/affiliate-payout/${userId}`, { method: 'POST', body }));
}

export function usePayOutAffiliate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, txReference }: { userId: number; txReference: string }) =>
      payOutAffiliate(userId, txReference),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
