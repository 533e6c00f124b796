import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PayoutSchema, type PayoutDto, type SellerPayoutInput } from '#shared/payouts.schemas.ts';

/** POST /api/admin/payouts/sellers/:userId: records the seller's whole payable balance as paid. */
async function payOutSeller(userId: number, input: SellerPayoutInput): Promise<PayoutDto> {
  return PayoutSchema.parse(
    await api(`/api/admin/payouts/sellers/${userId}`, { method: 'POST', body: input }),
  );
}

export function usePayOutSeller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: SellerPayoutInput }) =>
      payOutSeller(userId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
