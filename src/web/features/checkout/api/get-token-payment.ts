import { queryOptions, useQuery } from '@tanstack/react-query';
import { TokenPaymentSchema, type TokenPayment } from '#shared/payments.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** How often the token payment page asks whether the transfer has arrived. */
const TOKEN_PAYMENT_POLL_MS = 5_000;

/**
 * GET /api/payments/solana/:orderId?reference=: the transfer request and the order's payment status.
 * The reference (from the checkout answer) lets a guest buyer, who has no session, see their order.
 */
async function getTokenPayment(orderId: number, reference: string | null): Promise<TokenPayment> {
  const query = reference ? `?${new URLSearchParams({ reference }).toString()}` : '';
  return TokenPaymentSchema.parse(await api(`/api/payments/solana/${orderId}${query}`));
}

function tokenPaymentQueryOptions(orderId: number, reference: string | null) {
  return queryOptions({
    queryKey: ['payments', 'token', orderId, reference],
    queryFn: () => getTokenPayment(orderId, reference),
    refetchInterval: (query) => {
      const status = query.state.data?.paymentStatus;
      return status === 'completed' || status === 'failed' || query.state.error
        ? false
        : TOKEN_PAYMENT_POLL_MS;
    },
  });
}

export function useTokenPayment(orderId: number, reference: string | null) {
  return useQuery(tokenPaymentQueryOptions(orderId, reference));
}
