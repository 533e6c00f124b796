import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { TransferCancellationSchema, type TransferCancellation } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';
import { myOrdersQueryOptions } from './list-my-orders.ts';

/** DELETE /api/artchip/:id/transfer: the owner cancels their transfer of the chip before its fee is paid. */
async function cancelTransfer(chipId: number): Promise<TransferCancellation> {
  return TransferCancellationSchema.parse(await api(`${CHIP_API}/${chipId}/transfer`, { method: 'DELETE' }));
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  const invalidateChips = useInvalidateAfterChipChange();
  return useMutation({
    mutationFn: cancelTransfer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions.queryKey }),
        invalidateChips(),
      ]),
  });
}
