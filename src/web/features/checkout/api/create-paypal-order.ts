import { PaypalCreateOrderResponseSchema } from '#shared/payments.schemas.ts';
import { centsToUsdString } from '#shared/money.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /paypal/order (spec §7: {amount, currency, intent}); the server ignores the amount and uses
 * the order's own total. Answers the PayPal order id the JS SDK buttons approve.
 */
export async function createPaypalOrder(orderId: number, amountCents: number): Promise<string> {
  const body = { orderId, amount: centsToUsdString(amountCents), currency: 'USD', intent: 'CAPTURE' };
  return PaypalCreateOrderResponseSchema.parse(await api('/paypal/order', { method: 'POST', body })).id;
}
