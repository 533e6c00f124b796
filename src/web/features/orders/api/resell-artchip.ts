import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import type { ResellArtchipInput } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** POST /api/artchip/:id/resell: the owner lists a vaulted chip again at a USD price. */
async function resellArtchip(args: { id: number; input: ResellArtchipInput }): Promise<void> {
  await api(`${CHIP_API}/${args.id}/resell`, { method: 'POST', body: args.input });
}

export function useResellArtchip() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: resellArtchip, onSuccess: invalidate });
}
