import { PaymentStartedResponseSchema, type PaymentStartedResponse } from '#shared/checkout.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { readGuestToken } from '../lib/guest-token.ts';
import { currentPaymentToken } from './payment-token.ts';

/**
 * POST /api/orders/:id/payment-started, just before the payment goes to the provider: the chip is
 * kept for this buyer while the provider works, or the call fails (409) when someone else is paying
 * for it, before any money moves (docs/decisions/033). A guest proves the order is theirs with the
 * demo payment token in the URL or the checkout's guest token kept by this tab.
 */
export async function startPaying(orderId: number): Promise<PaymentStartedResponse> {
  const token = currentPaymentToken() ?? readGuestToken(orderId);
  return PaymentStartedResponseSchema.parse(
    await api(`/api/orders/${orderId}/payment-started`, { method: 'POST', body: token ? { token } : {} }),
  );
}
