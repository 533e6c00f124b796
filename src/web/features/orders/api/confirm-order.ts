import { ConfirmBuyerResponseSchema, type ConfirmBuyerResponse } from '#shared/orders.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/orders/:id/confirm-buyer: adds a guest checkout's order to the e-mail owner's account. */
export async function confirmOrder(orderId: number, token: string): Promise<ConfirmBuyerResponse> {
  return ConfirmBuyerResponseSchema.parse(
    await api(`/api/orders/${orderId}/confirm-buyer`, { method: 'POST', body: { token } }),
  );
}
