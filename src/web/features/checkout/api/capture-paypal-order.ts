import { PaypalCaptureResponseSchema, type PaypalCaptureResponse } from '#shared/payments.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /paypal/order/:id/capture: captures the approved PayPal order; the server completes ours. */
export async function capturePaypalOrder(paypalOrderId: string): Promise<PaypalCaptureResponse> {
  return PaypalCaptureResponseSchema.parse(
    await api(`/paypal/order/${encodeURIComponent(paypalOrderId)}/capture`, { method: 'POST' }),
  );
}
