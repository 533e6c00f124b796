import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferSchema, type Offer } from '#shared/offers.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { MY_ARTCHIP_QUERY_KEY } from '#web/lib/api/list-my-artchip.ts';
import { OFFERS_QUERY_KEY } from './list-offers.ts';

/** The answers without a body: the owner accepts or declines, the buyer withdraws (or accepts a counter). */
export type OfferAction = 'accept' | 'decline' | 'withdraw';

/** POST /api/offers/:id/accept | decline | withdraw. */
async function respondToOffer(args: { offerId: number; action: OfferAction }): Promise<Offer> {
  return OfferSchema.parse(await api(`/api/offers/${args.offerId}/${args.action}`, { method: 'POST' }));
}

export function useRespondToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToOffer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_ARTCHIP_QUERY_KEY }),
      ]),
  });
}
