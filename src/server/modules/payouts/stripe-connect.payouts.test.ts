/**
 * The Stripe Connect payout rail against a local fake Stripe (tests/helpers/fake-stripe-connect.ts):
 * the Express account, its onboarding link, readiness, a transfer, a retried send paying once and
 * Stripe's refusals as AppErrors. No database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import { startFakeStripeConnect, type FakeStripeConnect } from '#tests/helpers/fake-stripe-connect.ts';
import type { PayoutProvider, PayoutRequest } from './payout-provider.ts';
import { findPayoutProvider, payoutProvidersFromConfig } from './payouts.registry.ts';

let stripe: FakeStripeConnect;
let rail: PayoutProvider;
beforeAll(async () => {
  stripe = await startFakeStripeConnect();
  rail = findPayoutProvider(payoutProvidersFromConfig(loadConfig(stripe.env)), 'stripe_connect')!;
});
afterAll(async () => {
  await stripe.close();
});

let nextPayoutId = 1;
function payoutTo(destination: string, overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    payoutId: nextPayoutId++,
    amountCents: 1234,
    currency: 'USD',
    destination,
    note: 'Artchip payout',
    ...overrides,
  };
}

async function onboardedAccount(): Promise<string> {
  const { accountId } = await rail.createAccount!({ id: 7, email: 'seller@example.com' });
  stripe.onboard(accountId);
  return accountId;
}

function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    },
  );
}

describe('Stripe Connect payouts', () => {
  it('is a rail only when STRIPE_CONNECT is on, next to the manual one', () => {
    const { STRIPE_CONNECT: _on, ...keysOnly } = stripe.env;
    expect(payoutProvidersFromConfig(loadConfig(keysOnly)).map((p) => p.rail)).toEqual(['manual']);
    expect(payoutProvidersFromConfig(loadConfig(stripe.env)).map((p) => p.rail)).toEqual([
      'manual',
      'stripe_connect',
    ]);
  });

  it('creates an Express account for the user and links to its onboarding', async () => {
    const { accountId } = await rail.createAccount!({ id: 42, email: 'artist@example.com' });
    const account = stripe.accounts.get(accountId)!;
    expect(account).toMatchObject({
      email: 'artist@example.com',
      metadata: { userId: '42' },
      capabilities: { transfers: 'inactive' },
      controller: { stripe_dashboard: { type: 'express' }, requirement_collection: 'stripe' },
    });

    const { url } = await rail.createOnboardingLink!(accountId, {
      returnUrl: 'http://localhost:3000/payouts/return',
      refreshUrl: 'http://localhost:3000/payouts/refresh',
    });
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));
    const form = new URLSearchParams(stripe.requests.at(-1)!.body);
    expect(form.get('type')).toBe('account_onboarding');
    expect(form.get('return_url')).toBe('http://localhost:3000/payouts/return');
  });

  it('reports an account ready only once onboarding is finished', async () => {
    const { accountId } = await rail.createAccount!({ id: 8, email: 'new@example.com' });
    expect(await rail.isAccountReady!(accountId)).toBe(false);
    stripe.onboard(accountId);
    expect(await rail.isAccountReady!(accountId)).toBe(true);
  });

  it('pays a payout by a transfer to the account, keyed by the payout', async () => {
    const accountId = await onboardedAccount();
    const payout = payoutTo(accountId, { amountCents: 4550 });
    const result = await rail.send(payout);

    const transfer = stripe.transfers.find((t) => t.id === result.reference)!;
    expect(result.status).toBe('paid');
    expect(transfer).toMatchObject({
      amount: 4550,
      currency: 'usd',
      destination: accountId,
      transfer_group: `payout-${payout.payoutId}`,
      metadata: { payoutId: String(payout.payoutId) },
    });
    expect(stripe.requests.at(-1)!.headers['idempotency-key']).toBe(`payout-${payout.payoutId}`);
  });

  it('pays once when the same payout is sent again', async () => {
    const accountId = await onboardedAccount();
    const payout = payoutTo(accountId);
    const before = stripe.transfers.length;

    const first = await rail.send(payout);
    const again = await rail.send(payout);

    expect(again).toEqual(first);
    expect(stripe.transfers.length).toBe(before + 1);
  });

  it('refuses a payout id reused with another amount instead of paying it', async () => {
    const accountId = await onboardedAccount();
    const payout = payoutTo(accountId);
    await rail.send(payout);

    const err = await rejection(rail.send({ ...payout, amountCents: payout.amountCents + 1 }));
    expect(err.code).toBe('CONFLICT');
  });

  it('turns Stripe refusals into PAYMENT_FAILED with Stripe’s reason', async () => {
    const { accountId: unfinished } = await rail.createAccount!({ id: 9, email: 'late@example.com' });
    const notReady = await rejection(rail.send(payoutTo(unfinished)));
    expect(notReady.code).toBe('PAYMENT_FAILED');
    expect(notReady.message).toMatch(/capabilities enabled: transfers/);

    const accountId = await onboardedAccount();
    const payout = payoutTo(accountId, { amountCents: 5000 });
    stripe.setBalance(100);
    try {
      const broke = await rejection(rail.send(payout));
      expect(broke.code).toBe('PAYMENT_FAILED');
      expect(broke.message).toMatch(/insufficient available funds/);
    } finally {
      stripe.setBalance(100_000_000);
    }
    // Stripe replays a key's first answer: the refused payout is paid again under a new payout id.
    expect((await rejection(rail.send(payout))).message).toMatch(/insufficient available funds/);
    expect((await rail.send({ ...payout, payoutId: nextPayoutId++ })).status).toBe('paid');
    const missing = await rejection(rail.isAccountReady!('acct_NOSUCH'));
    expect(missing.code).toBe('PAYMENT_FAILED');
  });

  it('checks the payout before calling Stripe', async () => {
    const before = stripe.requests.length;
    expect((await rejection(rail.send(payoutTo('seller@example.com')))).code).toBe('UNPROCESSABLE');
    expect((await rejection(rail.send(payoutTo('acct_1', { amountCents: 0 })))).code).toBe('UNPROCESSABLE');
    expect(stripe.requests.length).toBe(before);
  });

  it('reports an unreachable Stripe as PAYMENT_FAILED that is safe to retry', async () => {
    const config = loadConfig({ ...stripe.env, STRIPE_API_URL: 'http://127.0.0.1:9' });
    const offline = findPayoutProvider(payoutProvidersFromConfig(config), 'stripe_connect')!;
    const err = await rejection(offline.send(payoutTo('acct_ABC')));
    expect(err.code).toBe('PAYMENT_FAILED');
    expect(err.message).toMatch(/retrying is safe/);
  });
});
