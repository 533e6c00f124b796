import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';

/** Where a checkout sends the buyer: a path of this app (SPA navigation) or another site. */
export type PaymentRedirect = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/** Our payment pages; the buyer's e-mail and new-account flag ride along to reach /checkout-success. */
const PAYMENT_PATHS = [
  '/payment-processing',
  '/stripe-processing',
  '/paypal-processing',
  '/token-payment',
  '/checkout-success',
];

function methodUrl(response: CheckoutResponse, method: PaymentMethod): string | undefined {
  if (method === 'card') return response.stripeUrl;
  if (method === 'paypal') return response.paypalUrl;
  return response.artchipUrl;
}

/**
 * Spec §4: card → stripeUrl (its client secret and intent id kept for /stripe-processing), PayPal →
 * paypalUrl, token → artchipUrl; otherwise the answer's redirectUrl (the demo simulation).
 */
export function resolvePaymentRedirect(
  response: CheckoutResponse,
  method: PaymentMethod,
  origin: string,
): PaymentRedirect {
  const target = methodUrl(response, method) || response.redirectUrl;
  const url = new URL(target, origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Refusing to redirect to ${url.protocol} URL`);
  }
  if (url.origin !== origin) return { kind: 'external', url: url.href };
  if (PAYMENT_PATHS.includes(url.pathname)) {
    if (!url.searchParams.has('orderId')) url.searchParams.set('orderId', String(response.orderId));
    if (!url.searchParams.has('email') && response.email) url.searchParams.set('email', response.email);
    if (!url.searchParams.has('newAccount')) url.searchParams.set('newAccount', String(response.newAccount));
  }
  return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
}

/** Keeps what /stripe-processing needs between the two pages (spec §3 "Local browser storage"). */
export function storeCardPaymentSecrets(response: CheckoutResponse): void {
  if (response.clientSecret) writeStorage(STORAGE_KEYS.paymentClientSecret, response.clientSecret);
  if (response.paymentIntentId) writeStorage(STORAGE_KEYS.paymentIntentId, response.paymentIntentId);
}
