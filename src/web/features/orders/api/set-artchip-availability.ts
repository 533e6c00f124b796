import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** PATCH /api/artchip/:id/availability: list a live chip in the marketplace, or hide it. */
async function setArtchipAvailability(args: { id: number; isAvailable: boolean }): Promise<void> {
  await api(`${CHIP_API}/${args.id}/availability`, {
    method: 'PATCH',
    body: { isAvailable: args.isAvailable },
  });
}

export function useSetArtchipAvailability() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: setArtchipAvailability, onSuccess: invalidate });
}
