/**
 * Payout methods and statuses in words, for the seller's payout history and the admin's payouts: the
 * same payout reads the same on both sides (web features may not import each other, so it lives here).
 */
import type { PayoutMethod, PayoutStatus } from '#shared/payouts.schemas.ts';

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  manual: 'Manual transfer',
  paypal_payouts: 'PayPal Payouts',
  stripe_connect: 'Stripe',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
};

/** Badge tones (components/ui/badge.tsx) of each payout status. */
export const PAYOUT_STATUS_TONES = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
} as const satisfies Record<PayoutStatus, string>;
