import { useMutation } from '@tanstack/react-query';
import { CheckoutResponseSchema, type CheckoutResponse } from '#shared/checkout.schemas.ts';
import { type CheckoutRequestInput } from '#shared/checkout-request.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/checkout: creates the order and its payment; the answer says where to pay. */
async function createCheckout(input: CheckoutRequestInput): Promise<CheckoutResponse> {
  return CheckoutResponseSchema.parse(await api('/api/checkout', { method: 'POST', body: input }));
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
