/**
 * When unpaid orders are re-checked at their provider. A signal normally arrives within seconds; the
 * reconciliation job asks about orders older than RECONCILE_MIN_AGE_MS (their webhook is late) and
 * younger than the quote window plus a margin (after that an unpaid checkout is abandoned).
 */
import { CHECKOUT_HOLD_MINUTES } from '#shared/checkout.schemas.ts';
import type { PaymentProviderName } from './payment-provider.ts';

/**
 * How long a buyer who started paying keeps the chip: as long as the provider may need to finish
 * (docs/decisions/033). Card: 3-D Secure and the bank's answer; PayPal: logging in and approving at
 * PayPal; token: the wallet's transfer and its confirmation; demo: its simulation. Checked against
 * WATCH_MAX_AGE_MS below: a payment started at the end of its quote is still watched to its end.
 */
export const PAYMENT_WINDOW_MINUTES: Record<PaymentProviderName, number> = {
  demo: 15,
  stripe: 30,
  paypal: 30,
  solana: 20,
};

/** Orders younger than this are left to their webhook or capture. */
const RECONCILE_MIN_AGE_MS = 2 * 60_000;

/** Payments may confirm a while after the quote lapsed (slow wallets, 3-D Secure, PayPal holds). */
const SETTLE_MARGIN_MS = 45 * 60_000;

/** How long after checkout an unpaid order is still watched. */
export const WATCH_MAX_AGE_MS = CHECKOUT_HOLD_MINUTES * 60_000 + SETTLE_MARGIN_MS;

/** The creation-time window of orders the reconciliation job asks about at `now`. */
export function reconcileWindow(now: Date): { createdAfter: Date; createdBefore: Date } {
  return {
    createdAfter: new Date(now.getTime() - WATCH_MAX_AGE_MS),
    createdBefore: new Date(now.getTime() - RECONCILE_MIN_AGE_MS),
  };
}
