import { queryOptions, useQuery } from '@tanstack/react-query';
import { CheckoutSuccessResponseSchema, type CheckoutSuccessResponse } from '#shared/checkout.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /api/orders/:id/checkout-success?email=&token=: the order's state and, once, for a paid guest
 * order, the one-time token of 'Set Up Password'. Only the browser holding the order's guest token
 * is answered.
 */
async function getCheckoutSuccess(
  orderId: number,
  email: string,
  guestToken: string,
): Promise<CheckoutSuccessResponse> {
  const query = new URLSearchParams({ email, token: guestToken });
  return CheckoutSuccessResponseSchema.parse(await api(`/api/orders/${orderId}/checkout-success?${query}`));
}

function checkoutSuccessQueryOptions(orderId: number, email: string, guestToken: string) {
  return queryOptions({
    queryKey: ['orders', 'checkout-success', orderId, email],
    queryFn: () => getCheckoutSuccess(orderId, email, guestToken),
    // The token is handed out once: never refetch it behind the user's back.
    staleTime: Infinity,
  });
}

export function useCheckoutSuccess(
  orderId: number | null,
  email: string,
  guestToken: string | null,
  options: { enabled: boolean },
) {
  return useQuery({
    ...checkoutSuccessQueryOptions(orderId ?? 0, email, guestToken ?? ''),
    enabled: options.enabled && orderId !== null && guestToken !== null,
  });
}
