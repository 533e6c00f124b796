/** The few PayPal JS SDK calls the PayPal button makes; the script comes from www.paypal.com. */
import { PAYPAL_JS_SDK_URL } from '#shared/payments.schemas.ts';
import { loadScript } from './load-script.ts';

export type PaypalButtonsOptions = {
  style?: Record<string, string | number>;
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: () => void;
  onError?: (err: unknown) => void;
};

export type PaypalButtonsInstance = {
  isEligible: () => boolean;
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
};

export type PaypalJs = { Buttons: (options: PaypalButtonsOptions) => PaypalButtonsInstance };

/** The SDK URL for a client id: USD, capture intent, buttons only. */
export function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({
    'client-id': clientId,
    currency: 'USD',
    intent: 'capture',
    components: 'buttons',
  });
  return `${PAYPAL_JS_SDK_URL}?${query.toString()}`;
}

/** Loads the PayPal JS SDK (once per client id) and returns window.paypal. */
export async function loadPaypalJs(clientId: string): Promise<PaypalJs> {
  await loadScript(paypalSdkUrl(clientId));
  const paypal = (window as unknown as { paypal?: PaypalJs }).paypal;
  if (!paypal) throw new Error('The PayPal SDK did not load');
  return paypal;
}
