import { useMutation } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { CheckoutResponseSchema, type CheckoutResponse } from '#shared/checkout.schemas.ts';
import type { ShipArtchipInput } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateAfterChipChange } from './chip-mutation.ts';

/** POST /api/artchip/:id/ship: a shipping order for a vaulted chip; pay it like a checkout. */
async function shipArtchip(args: { id: number; input: ShipArtchipInput }): Promise<CheckoutResponse> {
  return CheckoutResponseSchema.parse(
    await api(`${CHIP_API}/${args.id}/ship`, { method: 'POST', body: args.input }),
  );
}

export function useShipArtchip() {
  const invalidate = useInvalidateAfterChipChange();
  return useMutation({ mutationFn: shipArtchip, onSuccess: invalidate });
}
