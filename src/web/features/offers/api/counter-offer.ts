import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferSchema, type CounterOfferInput, type Offer } from '#shared/offers.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { OFFERS_QUERY_KEY } from './list-offers.ts';

/** POST /api/offers/:id/counter: the owner names another amount. */
async function counterOffer(args: { offerId: number; input: CounterOfferInput }): Promise<Offer> {
  return OfferSchema.parse(
    await api(`/api/offers/${args.offerId}/counter`, { method: 'POST', body: args.input }),
  );
}

export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: counterOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}
