import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { QuoteResponseSchema, type QuoteRequestInput, type QuoteResponse } from '#shared/checkout.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** Spec §7: the checkout refreshes the token price (and so the summary) every 30 s while open. */
const QUOTE_REFRESH_MS = 30_000;

/** POST /api/checkout/quote: the server's live order summary and the payment methods on offer. */
async function getCheckoutQuote(input: QuoteRequestInput): Promise<QuoteResponse> {
  return QuoteResponseSchema.parse(await api('/api/checkout/quote', { method: 'POST', body: input }));
}

function checkoutQuoteQueryOptions(input: QuoteRequestInput) {
  return queryOptions({
    queryKey: ['checkout', 'quote', input],
    queryFn: () => getCheckoutQuote(input),
    refetchInterval: QUOTE_REFRESH_MS,
    // Keep the last figures on screen while inputs change, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useCheckoutQuote(input: QuoteRequestInput, options: { enabled: boolean }) {
  return useQuery({ ...checkoutQuoteQueryOptions(input), enabled: options.enabled });
}
