/**
 * The payout-rail interface (issue 11). Paying a seller or an affiliate talks only to this; each rail
 * is an adapter behind it, chosen at start-up from the configuration by payouts.registry.ts:
 * - manual: the admin moved the money elsewhere and enters its reference (always available);
 * - stripe_connect: a Stripe transfer to the user's Express account (STRIPE_CONNECT);
 * - paypal_payouts: a PayPal Payouts batch to the user's PayPal e-mail (PAYPAL_PAYOUTS).
 * Adapters are pure: they register no routes and touch no table; the payouts service records the
 * result. Like payment adapters, they are called AFTER the transaction that created the payout row.
 */
import { AppError } from '#server/lib/app-error.ts';

/** How a payout moves the money; what the payouts service stores with the payout. */
export type PayoutRail = 'manual' | 'stripe_connect' | 'paypal_payouts';

/** One payout to send. The payout row exists already, so its id is stable across retries. */
export type PayoutRequest = {
  payoutId: number;
  /** A positive number of cents. */
  amountCents: number;
  currency: 'USD';
  /**
   * Where the money goes: the Stripe account id (acct_…) for stripe_connect, the PayPal e-mail for
   * paypal_payouts; informational for manual.
   */
  destination: string;
  /** One line the recipient sees ("Artchip payout #12"). */
  note: string;
  /** The admin's own transfer reference; only the manual rail uses it. */
  reference?: string | null;
};

/** paid: the money left the platform; pending: the provider accepted it and settles it later. */
type PayoutSendStatus = 'paid' | 'pending';

/** What a rail answers for a sent payout. Live rails always give the provider's id as reference. */
type PayoutResult = { reference: string | null; status: PayoutSendStatus };

/** Where a payout stands at its provider later (a pending PayPal payout settling or failing). */
export type PayoutLookup = { status: PayoutSendStatus | 'failed'; reason?: string };

/**
 * A payout rail adapter.
 * - send: moves the money once. It carries an idempotency key derived from the payout id
 *   (payoutIdempotencyKey), so a retry after a timeout or a crash never pays twice: the provider
 *   answers with the first result. A refusal throws an AppError (PAYMENT_FAILED; CONFLICT when the
 *   provider holds this payout's key with other details; UNPROCESSABLE for a bad amount or
 *   destination, before any call); nothing was paid. A refusal can be final for the payout id
 *   (Stripe replays its first answer to a key for 24 h, PayPal keeps a failed batch's id for 30
 *   days): record the payout as failed and pay the balance again as a new payout.
 * - createAccount / createOnboardingLink / isAccountReady: rails whose recipients need an account at
 *   the provider (Stripe Connect). The caller stores the account id for the user.
 * - lookupPayout: asks the provider about a pending payout by its reference.
 */
export type PayoutProvider = {
  rail: PayoutRail;
  send: (payout: PayoutRequest) => Promise<PayoutResult>;
  createAccount?: (user: { id: number; email: string }) => Promise<{ accountId: string }>;
  createOnboardingLink?: (
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ) => Promise<{ url: string }>;
  isAccountReady?: (accountId: string) => Promise<boolean>;
  lookupPayout?: (reference: string) => Promise<PayoutLookup>;
};

/**
 * The idempotency key of a payout at every provider (Stripe Idempotency-Key, PayPal sender_batch_id).
 * Unlike the order keys of docs/decisions/007 it is the id alone: after a restore that re-creates
 * payout N, the provider's memory of payout-N (Stripe: 24 h, PayPal: 30 days) must stop a second
 * payment. A key reused with another amount or recipient is refused (CONFLICT), never paid.
 */
export function payoutIdempotencyKey(payoutId: number): string {
  return `payout-${payoutId}`;
}

/** Throws UNPROCESSABLE unless the payout is a positive whole number of US cents. */
export function assertPayableAmount(payout: Pick<PayoutRequest, 'amountCents' | 'currency'>): void {
  if (!Number.isSafeInteger(payout.amountCents) || payout.amountCents <= 0) {
    throw new AppError('UNPROCESSABLE', 'A payout must be a positive amount of cents.');
  }
  if (payout.currency !== 'USD') throw new AppError('UNPROCESSABLE', 'Payouts are made in USD.');
}

/** The manual rail: records what the admin paid elsewhere, with their reference; always available. */
export const manualPayoutProvider: PayoutProvider = {
  rail: 'manual',
  send: async (payout) => {
    assertPayableAmount(payout);
    return { reference: payout.reference?.trim() || null, status: 'paid' };
  },
};
