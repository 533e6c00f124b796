/**
 * Payouts through Stripe Connect (issue 11): each payee gets an Express connected account, finishes
 * Stripe's hosted onboarding through an account link, and is paid by a transfer from the platform's
 * balance; Stripe pays the account out to its bank on its own schedule. On when Config.payouts
 * .stripeConnect (STRIPE_CONNECT=true with the Stripe keys).
 */
import Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createStripeClient } from '#server/platform/stripe/index.ts';
import {
  assertPayableAmount,
  payoutIdempotencyKey,
  type PayoutProvider,
  type PayoutRequest,
} from './payout-provider.ts';

export type StripeConnectSettings = NonNullable<Config['stripe']>;

const ACCOUNT_ID_PATTERN = /^acct_[A-Za-z0-9]+$/;

/** A Stripe failure as an AppError the admin can act on; anything else is rethrown unchanged. */
function toAppError(err: unknown, action: string): unknown {
  if (err instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError('CONFLICT', `Stripe already holds this payout with other details: ${err.message}`);
  }
  if (err instanceof Stripe.errors.StripeConnectionError) {
    return new AppError('PAYMENT_FAILED', `Stripe could not be reached to ${action}; retrying is safe.`);
  }
  if (err instanceof Stripe.errors.StripeError) {
    return new AppError('PAYMENT_FAILED', `Stripe refused to ${action}: ${err.message}`);
  }
  return err;
}

async function callStripe<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toAppError(err, action);
  }
}

function assertAccountId(accountId: string): void {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) {
    throw new AppError('UNPROCESSABLE', 'The payee has no Stripe account to pay into.');
  }
}

/** True once Stripe may pay the account: onboarding done, transfers and bank payouts enabled. */
function isConnectAccountReady(account: Stripe.Account): boolean {
  return (
    account.details_submitted === true &&
    account.payouts_enabled === true &&
    account.capabilities?.transfers === 'active'
  );
}

/** The transfer for one payout; transfer_group ties it to the payout in Stripe's dashboard. */
function transferParams(payout: PayoutRequest): Stripe.TransferCreateParams {
  return {
    amount: payout.amountCents,
    currency: 'usd',
    destination: payout.destination,
    description: payout.note.slice(0, 500),
    transfer_group: payoutIdempotencyKey(payout.payoutId),
    metadata: { payoutId: String(payout.payoutId) },
  };
}

/** The Stripe Connect payout rail. */
export function createStripeConnectPayouts(
  settings: StripeConnectSettings,
  client: Stripe = createStripeClient(settings),
): PayoutProvider {
  return {
    rail: 'stripe_connect',
    createAccount: async (user) => {
      // The controller properties of an Express account (Stripe deprecates `type: 'express'`).
      const account = await callStripe('create the Stripe account', () =>
        client.accounts.create({
          email: user.email,
          controller: {
            stripe_dashboard: { type: 'express' },
            fees: { payer: 'application' },
            losses: { payments: 'application' },
            requirement_collection: 'stripe',
          },
          capabilities: { transfers: { requested: true } },
          metadata: { userId: String(user.id) },
        }),
      );
      return { accountId: account.id };
    },
    createOnboardingLink: async (accountId, urls) => {
      assertAccountId(accountId);
      const link = await callStripe('start Stripe onboarding', () =>
        client.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: urls.returnUrl,
          refresh_url: urls.refreshUrl,
        }),
      );
      return { url: link.url };
    },
    isAccountReady: async (accountId) => {
      assertAccountId(accountId);
      return isConnectAccountReady(
        await callStripe('read the Stripe account', () => client.accounts.retrieve(accountId)),
      );
    },
    send: async (payout) => {
      assertPayableAmount(payout);
      assertAccountId(payout.destination);
      // The SDK's own retries reuse this key too, so a lost answer never becomes a second transfer.
      const transfer = await callStripe('send the transfer', () =>
        client.transfers.create(transferParams(payout), {
          idempotencyKey: payoutIdempotencyKey(payout.payoutId),
        }),
      );
      return { reference: transfer.id, status: 'paid' };
    },
  };
}
