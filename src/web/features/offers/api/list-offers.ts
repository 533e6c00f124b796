import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferListSchema, type Offer } from '#shared/offers.schemas.ts';
import { api } from '#web/lib/api-client.ts';

export const OFFERS_QUERY_KEY = ['offers'] as const;

/** received: offers on the user's chips; sent: the user's own offers. */
export type OfferSide = 'received' | 'sent';

/** GET /api/offers/received and GET /api/offers/sent. */
async function listOffers(side: OfferSide): Promise<Offer[]> {
  return OfferListSchema.parse(await api(`/api/offers/${side}`));
}

function offersQueryOptions(side: OfferSide) {
  return queryOptions({ queryKey: [...OFFERS_QUERY_KEY, side], queryFn: () => listOffers(side) });
}

export function useOffers(side: OfferSide) {
  return useQuery(offersQueryOptions(side));
}
