/**
 * Refunds of the providers that move no money through the app: demo payments refund at once, token
 * payments are refunded by an admin from the treasury wallet (manual). Neither offers cancelPayment.
 */
import { describe, expect, it } from 'vitest';
import { paymentContextWithoutDb } from '#tests/helpers/payment-context.ts';
import { demoPaymentProvider } from './demo.provider.ts';
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
