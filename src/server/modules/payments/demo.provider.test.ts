/**
 * Refunds of the providers that move no money through the app: demo payments refund at once, token
 * payments are refunded by an admin from the treasury wallet (manual). Neither offers cancelPayment.
 */
import { describe, expect, it } from 'vitest';
import { paymentContextWithoutDb } from '#tests/helpers/payment-context.ts';
import Stripe from 'stripe';
import { demoPaymentProvider, demoProviderFor } from './demo.provider.ts';
import { createSolanaProvider } from './solana.provider.ts';

const ctx = paymentContextWithoutDb();
const input = { providerRef: 'demo_token', orderId: 3, refundId: 9, amountCents: 2500, reason: 'Test' };

describe('demo refunds', () => {
  it('succeed at once with a reference stable per refund', async () => {
    const first = await demoPaymentProvider.refundPayment!(input, ctx);
    expect(first).toEqual({ status: 'succeeded', reference: 'demo-refund-9' });
    expect(await demoPaymentProvider.refundPayment!(input, ctx)).toEqual(first);
    expect(demoPaymentProvider.cancelPayment).toBeUndefined();
  });
});

describe('token (Solana) refunds', () => {
  it('are manual: no reference until an admin records the transfer signature', async () => {
    const provider = createSolanaProvider(
      {
        rpcUrl: 'http://127.0.0.1:1',
        tokenMint: 'So11111111111111111111111111111111111111112',
        treasuryWallet: '11111111111111111111111111111111',
      },
      {
        getSignaturesForAddress: () => Promise.reject(new Error('no RPC in this test')),
        getTransaction: () => Promise.reject(new Error('no RPC in this test')),
      },
    );
    expect(await provider.refundPayment!(input, ctx)).toEqual({ status: 'manual', reference: null });
    expect(provider.cancelPayment).toBeUndefined();
  });
});

describe('demo dispute webhooks (decision 076)', () => {
  const secret = 'whsec_demo_test';
  const dispute = (key: string) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.dispute.created',
      data: {
        object: {
          id: 'dp_1',
          object: 'dispute',
          amount: 2500,
          currency: 'usd',
          payment_intent: key,
          reason: 'fraudulent',
          status: 'needs_response',
        },
      },
    });
  const signed = (payload: string, with_ = secret) => ({
    rawBody: Buffer.from(payload),
    headers: {
      'stripe-signature': new Stripe('sk_unused').webhooks.generateTestHeaderString({
        payload,
        secret: with_,
      }),
    },
  });

  it('exist only with DEMO_WEBHOOK_SECRET, and take a dispute signed with it', async () => {
    expect(demoProviderFor({ demoWebhookSecret: undefined }).handleSignal).toBeUndefined();
    const provider = demoProviderFor({ demoWebhookSecret: secret });
    expect(await provider.handleSignal!(signed(dispute('complete:3')), ctx)).toMatchObject({
      kind: 'dispute',
      eventKey: 'evt_1',
      paymentKey: 'complete:3',
      providerDisputeId: 'dp_1',
      status: 'needs_response',
      amountCents: 2500,
    });
    await expect(provider.handleSignal!(signed(dispute('complete:3'), 'whsec_other'), ctx)).rejects.toThrow(
      /signature/,
    );
  });
});
