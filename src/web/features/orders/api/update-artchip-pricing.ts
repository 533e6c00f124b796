import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import type { UpdateArtchipPricingInput } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** PATCH /api/artchip/:id/pricing: USD price and whether direct PayPal is accepted. */
async function updateArtchipPricing(args: { id: number; input: UpdateArtchipPricingInput }): Promise<void> {
  await api(`${CHIP_API}/${args.id}/pricing`, { method: 'PATCH', body: args.input });
}

export function useUpdateArtchipPricing() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: updateArtchipPricing, onSuccess: invalidate });
}
