/**
 * The PayPal JS SDK through PayPal's own loader (@paypal/paypal-js): the script comes from
 * www.paypal.com and is requested only when the live PayPal button asks for it.
 */
import { loadScript, type PayPalNamespace } from '@paypal/paypal-js';

/** The SDK namespace once its buttons component is there. */
export type PaypalJs = PayPalNamespace & { Buttons: NonNullable<PayPalNamespace['Buttons']> };

const loading = new Map<string, Promise<PaypalJs>>();

/** Loads the PayPal JS SDK (once per client id: USD, capture intent, buttons only) and returns window.paypal. */
export function loadPaypalJs(clientId: string): Promise<PaypalJs> {
  const pending = loading.get(clientId);
  if (pending) return pending;
  const promise = loadScript({ clientId, currency: 'USD', intent: 'capture', components: 'buttons' }).then(
    (paypal) => {
      if (!paypal?.Buttons) throw new Error('The PayPal SDK did not load');
      return paypal as PaypalJs;
    },
  );
  loading.set(clientId, promise);
  promise.catch(() => loading.delete(clientId));
  return promise;
}
