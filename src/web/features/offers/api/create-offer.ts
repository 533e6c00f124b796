import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import { OfferSchema, type CreateOfferInput, type Offer } from '#shared/offers.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { OFFERS_QUERY_KEY } from './list-offers.ts';

/** POST /api/artchip/:id/offers: offer a USD amount for a listed chip. */
async function createOffer(args: { artchipId: number; input: CreateOfferInput }): Promise<Offer> {
  return OfferSchema.parse(
    await api(`${CHIP_API}/${args.artchipId}/offers`, { method: 'POST', body: args.input }),
  );
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}
