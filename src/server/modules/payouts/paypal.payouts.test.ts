/**
 * The PayPal Payouts rail against a local fake PayPal (tests/helpers/fake-paypal-payouts.ts): a
 * payout batch, its settlement, a retried send paying once (the repeated sender_batch_id is adopted
 * only when it pays the same), token renewal and PayPal's refusals as AppErrors. No database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import { startFakePaypalPayouts, type FakePaypalPayouts } from '#tests/helpers/fake-paypal-payouts.ts';
import { manualPayoutProvider, type PayoutProvider, type PayoutRequest } from './payout-provider.ts';
import { findPayoutProvider, payoutProvidersFromConfig } from './payouts.registry.ts';

let paypal: FakePaypalPayouts;
let rail: PayoutProvider;
beforeAll(async () => {
  paypal = await startFakePaypalPayouts();
  rail = findPayoutProvider(payoutProvidersFromConfig(loadConfig(paypal.env)), 'paypal_payouts')!;
});
afterAll(async () => {
  await paypal.close();
});

let nextPayoutId = 1;
function payout(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    payoutId: nextPayoutId++,
    amountCents: 1234,
    currency: 'USD',
    destination: 'seller@example.com',
    note: 'Artchip payout',
    ...overrides,
  };
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

const payoutPosts = () =>
  paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments/payouts').length;

describe('PayPal Payouts', () => {
  it('is a rail only when PAYPAL_PAYOUTS is on, next to the manual one', () => {
    const { PAYPAL_PAYOUTS: _on, ...keysOnly } = paypal.env;
    expect(payoutProvidersFromConfig(loadConfig(keysOnly)).map((p) => p.rail)).toEqual(['manual']);
    expect(rail.rail).toBe('paypal_payouts');
    expect(rail.createAccount).toBeUndefined();
  });

  it('sends a one-item batch keyed by the payout and answers pending until PayPal settles it', async () => {
    const request = payout({ amountCents: 1250, destination: 'artist@example.com' });
    const result = await rail.send(request);

    expect(result.status).toBe('pending');
    const batch = paypal.batches.get(result.reference!)!;
    expect(batch.batch_header.sender_batch_header.sender_batch_id).toBe(`payout-${request.payoutId}`);
    expect(batch.items).toHaveLength(1);
    expect(batch.items[0]!.payout_item).toMatchObject({
      recipient_type: 'EMAIL',
      amount: { value: '12.50', currency: 'USD' },
      receiver: 'artist@example.com',
      sender_item_id: `payout-${request.payoutId}`,
    });

    expect(await rail.lookupPayout!(result.reference!)).toEqual({ status: 'pending' });
    paypal.settle(result.reference!);
    expect(await rail.lookupPayout!(result.reference!)).toEqual({ status: 'paid' });
  });

  it('judges a settled batch by its item: unclaimed is pending, failed is failed', async () => {
    const unclaimed = await rail.send(payout());
    paypal.settle(unclaimed.reference!, 'UNCLAIMED');
    expect(await rail.lookupPayout!(unclaimed.reference!)).toEqual({ status: 'pending' });

    const failed = await rail.send(payout());
    paypal.settle(failed.reference!, 'FAILED');
    expect(await rail.lookupPayout!(failed.reference!)).toEqual({
      status: 'failed',
      reason: 'Receiver is unregistered',
    });
  });

  it('pays once when the same payout is sent again, adopting the first batch', async () => {
    const request = payout();
    const first = await rail.send(request);
    const batchesBefore = paypal.batches.size;

    const again = await rail.send(request);
    expect(again).toEqual(first);
    paypal.settle(first.reference!);
    expect(await rail.send(request)).toEqual({ reference: first.reference, status: 'paid' });
    expect(paypal.batches.size).toBe(batchesBefore);
  });

  it('refuses a payout id reused with another amount or receiver instead of adopting it', async () => {
    const request = payout();
    await rail.send(request);
    const otherAmount = await rejection(rail.send({ ...request, amountCents: 999 }));
    expect(otherAmount.code).toBe('CONFLICT');
    const otherReceiver = await rejection(rail.send({ ...request, destination: 'someone@example.com' }));
    expect(otherReceiver.code).toBe('CONFLICT');
  });

  it('turns PayPal refusals into PAYMENT_FAILED with PayPal’s reason, and a retry can still pay', async () => {
    const request = payout();
    paypal.refuseNext({
      name: 'INSUFFICIENT_FUNDS',
      message: 'Sender does not have sufficient funds. Please add funds and retry.',
    });
    const err = await rejection(rail.send(request));
    expect(err.code).toBe('PAYMENT_FAILED');
    expect(err.message).toMatch(/INSUFFICIENT_FUNDS: Sender does not have sufficient funds/);

    expect((await rail.send(request)).status).toBe('pending');

    paypal.refuseNext({
      name: 'INTERNAL_SERVER_ERROR',
      message: 'An internal server error occurred.',
      status: 500,
    });
    const outage = await rejection(rail.send(payout()));
    expect(outage.code).toBe('PAYMENT_FAILED');
    expect(outage.message).toMatch(/retrying the payout is safe/);
  });

  it('renews an access token PayPal no longer accepts', async () => {
    await rail.send(payout());
    const tokenCalls = () => paypal.requests.filter((r) => r.path === '/v1/oauth2/token').length;
    const before = tokenCalls();
    paypal.expireTokens();
    expect((await rail.send(payout())).status).toBe('pending');
    expect(tokenCalls()).toBe(before + 1);
  });

  it('reports bad credentials and an unreachable PayPal as PAYMENT_FAILED', async () => {
    const wrongSecret = loadConfig({ ...paypal.env, PAYPAL_CLIENT_SECRET: 'wrong' });
    const refused = findPayoutProvider(payoutProvidersFromConfig(wrongSecret), 'paypal_payouts')!;
    const denied = await rejection(refused.send(payout()));
    expect(denied.code).toBe('PAYMENT_FAILED');
    expect(denied.message).toMatch(/credentials/);

    const offlineConfig = loadConfig({ ...paypal.env, PAYPAL_API_URL: 'http://127.0.0.1:9' });
    const offline = findPayoutProvider(payoutProvidersFromConfig(offlineConfig), 'paypal_payouts')!;
    expect((await rejection(offline.send(payout()))).message).toMatch(/could not be reached/);
  });

  it('checks the payout before calling PayPal', async () => {
    const before = payoutPosts();
    expect((await rejection(rail.send(payout({ destination: 'acct_123' })))).code).toBe('UNPROCESSABLE');
    expect((await rejection(rail.send(payout({ amountCents: -5 })))).code).toBe('UNPROCESSABLE');
    expect(payoutPosts()).toBe(before);
  });
});

describe('manual payouts', () => {
  it('records the admin’s reference as paid', async () => {
    expect(await manualPayoutProvider.send(payout({ reference: ' bank-778 ' }))).toEqual({
      reference: 'bank-778',
      status: 'paid',
    });
    expect(await manualPayoutProvider.send(payout({ reference: '' }))).toEqual({
      reference: null,
      status: 'paid',
    });
  });
});
