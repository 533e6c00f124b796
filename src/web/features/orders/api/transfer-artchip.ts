import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { CheckoutResponseSchema, type CheckoutResponse } from '#shared/checkout.schemas.ts';
import { TransferFeeSchema, type TransferArtchipInput, type TransferFee } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** GET /api/artchip/:id/transfer-fee: what a transfer of the chip costs its owner now, and why. */
async function getTransferFee(chipId: number): Promise<TransferFee> {
  return TransferFeeSchema.parse(await api(`${CHIP_API}/${chipId}/transfer-fee`));
}

/** Under ['chips'], so any change to the chip (invalidateAfterChipChange) refetches the fee too. */
function transferFeeQueryOptions(chipId: number) {
  return queryOptions({
    queryKey: ['chips', 'transfer-fee', chipId],
    queryFn: () => getTransferFee(chipId),
  });
}

/** The fee is asked for only while the transfer dialog is open. */
export function useTransferFee(chipId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...transferFeeQueryOptions(chipId), enabled: options.enabled ?? true });
}

/**
 * POST /api/artchip/:id/transfer: a transfer order handing the chip to someone else (a username or
 * an e-mail); the owner pays its fee like a checkout.
 */
async function transferArtchip(args: { id: number; input: TransferArtchipInput }): Promise<CheckoutResponse> {
  return CheckoutResponseSchema.parse(
    await api(`${CHIP_API}/${args.id}/transfer`, { method: 'POST', body: args.input }),
  );
}

export function useTransferArtchip() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: transferArtchip, onSuccess: invalidate });
}
