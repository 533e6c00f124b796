import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import type { ActivateArtchipInput } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** PATCH /api/artchip/:id/activate: the creator prices a made chip and it goes live. */
async function activateArtchip(args: { id: number; input: ActivateArtchipInput }): Promise<void> {
  await api(`${CHIP_API}/${args.id}/activate`, { method: 'PATCH', body: args.input });
}

export function useActivateArtchip() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: activateArtchip, onSuccess: invalidate });
}
