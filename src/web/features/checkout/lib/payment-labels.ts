import { BRAND } from '#shared/brand.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';

/** How each payment method is named to people. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit Card',
  paypal: 'PayPal',
  artchip: `${BRAND.ticker} token`,
};

/**
 * A payment method named by a URL or a stored order: 'usd' and 'creditcard' are the spec's older
 * spellings of card; anything unknown is null.
 */
export function parsePaymentMethod(value: string | null | undefined): PaymentMethod | null {
  if (value === 'card' || value === 'usd' || value === 'creditcard') return 'card';
  if (value === 'paypal') return 'paypal';
  if (value === BRAND.slug) return 'artchip';
  return null;
}

/** Spec §8 "Payment failed": 'Credit card payment failed' or 'token payment failed'. */
export function paymentFailedTitle(method: PaymentMethod | null): string {
  if (method === 'card') return 'Credit card payment failed';
  if (method === 'paypal') return 'PayPal payment failed';
  return 'token payment failed';
}

/** Spec §8: the description under a failed payment. */
export const PAYMENT_FAILED_DESCRIPTION = 'Order could not be processed. Please try again.';
