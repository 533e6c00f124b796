import { useNavigate } from '#web/lib/router.tsx';
import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { resolvePaymentRedirect, storeCardPaymentSecrets } from './payment-redirect.ts';

/**
 * After an order is placed (ship to me, transfer, Pay now): keeps a card payment's secrets for
 * /stripe-processing and goes to the payment page the answer names, in this app or at the provider.
 */
export function useGoToPayment(): (response: CheckoutResponse, method: PaymentMethod) => Promise<void> {
  const navigate = useNavigate();
  return async (response, method) => {
    if (method === 'card') storeCardPaymentSecrets(response);
    const redirect = resolvePaymentRedirect(response, method, window.location.origin);
    if (redirect.kind === 'external') window.location.assign(redirect.url);
    else navigate(redirect.path);
  };
}
