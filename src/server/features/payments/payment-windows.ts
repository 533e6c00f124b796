/**
 * When unpaid orders are re-checked at their provider. A signal normally arrives within seconds; the
 * reconciliation job asks about orders older than RECONCILE_MIN_AGE_MS (their webhook is late) and
 * younger than the quote window plus a margin (after that an unpaid checkout is abandoned).
 */
import { CHECKOUT_HOLD_MINUTES } from '#shared/checkout.schemas.ts';

/** Orders younger than this are left to their webhook or capture. */
export const RECONCILE_MIN_AGE_MS = 2 * 60_000;

/** Payments may confirm a while after the quote lapsed (slow wallets, 3-D Secure, PayPal holds). */
export const SETTLE_MARGIN_MS = 45 * 60_000;

/** How long after checkout an unpaid order is still watched. */
export const WATCH_MAX_AGE_MS = CHECKOUT_HOLD_MINUTES * 60_000 + SETTLE_MARGIN_MS;

/** The creation-time window of orders the reconciliation job asks about at `now`. */
export function reconcileWindow(now: Date): { createdAfter: Date; createdBefore: Date } {
  return {
    createdAfter: new Date(now.getTime() - WATCH_MAX_AGE_MS),
    createdBefore: new Date(now.getTime() - RECONCILE_MIN_AGE_MS),
  };
}
