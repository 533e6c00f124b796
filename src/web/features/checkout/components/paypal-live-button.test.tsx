// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PaymentsConfig } from '#shared/payments.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { PaypalLiveButton } from './paypal-live-button.tsx';

/** The Buttons callbacks the test calls, as PayPal would. */
type ButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
};

/** A stand-in for the PayPal JS SDK: records the buttons' callbacks so the test can play PayPal. */
const fake = vi.hoisted(() => ({ clientIds: [] as string[], options: null as ButtonsOptions | null }));

vi.mock('../lib/paypal-js.ts', () => ({
  loadPaypalJs: async (clientId: string) => {
    fake.clientIds.push(clientId);
    return {
      Buttons: (options: ButtonsOptions) => {
        fake.options = options;
        return { isEligible: () => true, render: async () => undefined, close: async () => undefined };
      },
    };
  },
}));

const CONFIG: PaymentsConfig = {
  methods: [{ method: 'paypal', mode: 'live', provider: 'paypal' }],
  stripe: null,
  paypal: { clientId: 'client-abc' },
  solana: null,
};

beforeEach(() => {
  fake.clientIds.length = 0;
  fake.options = null;
});

afterEach(cleanup);

const STARTED = { body: { holdUntil: '2026-11-24T12:30:00.000Z' } };

function renderButton(
  captureReply: { status?: number; body: unknown },
  startedReply: { status?: number; body: unknown } = STARTED,
) {
  const api = mockApi({
    'GET /api/payments/config': () => ({ body: CONFIG }),
    'POST /api/orders/12/payment-started': () => startedReply,
    'POST /paypal/order': () => ({ body: { id: 'PP-ORDER-1' } }),
    'POST /paypal/order/PP-ORDER-1/capture': () => captureReply,
  });
  const onSuccess = vi.fn();
  const onError = vi.fn();
  renderWithApp(<PaypalLiveButton orderId={12} amountCents={4800} onSuccess={onSuccess} onError={onError} />);
  return { ...api, onSuccess, onError };
}

describe('PaypalLiveButton (live)', () => {
  it('does not open PayPal when someone else is already paying for the chip', async () => {
    const reserved = 'This Artchip is being purchased by someone else. Please try again in a few minutes.';
    const { callsTo } = renderButton(
      { body: {} },
      { status: 409, body: { code: 'CONFLICT', message: reserved } },
    );
    await waitFor(() => expect(fake.options).not.toBeNull());
    await expect(fake.options!.createOrder()).rejects.toThrow(reserved);
    expect(callsTo('POST /paypal/order')).toHaveLength(0);
  });

  it('creates the PayPal order through our server, captures on approval and reports success', async () => {
    const { callsTo, onSuccess } = renderButton({
      body: { id: 'PP-ORDER-1', status: 'COMPLETED', orderId: 12, paymentStatus: 'completed' },
    });
    await waitFor(() => expect(fake.options).not.toBeNull());
    expect(fake.clientIds).toEqual(['client-abc']);
    expect(await fake.options!.createOrder()).toBe('PP-ORDER-1');
    expect(callsTo('POST /api/orders/12/payment-started')).toHaveLength(1);
    expect(callsTo('POST /paypal/order')[0]!.body).toEqual({
      orderId: 12,
      amount: '48.00',
      currency: 'USD',
      intent: 'CAPTURE',
    });
    await fake.options!.onApprove({ orderID: 'PP-ORDER-1' });
    expect(callsTo('POST /paypal/order/PP-ORDER-1/capture')).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('a declined capture shows the message and the spec toast', async () => {
    const { onError, onSuccess } = renderButton({
      status: 402,
      body: { code: 'PAYMENT_FAILED', message: 'Payment failed.' },
    });
    await waitFor(() => expect(fake.options).not.toBeNull());
    await fake.options!.onApprove({ orderID: 'PP-ORDER-1' });
    expect(await screen.findByText('Payment failed.')).toBeTruthy();
    // The toast's code loads with the first toast: it shows a moment after the inline message.
    expect(await screen.findByText('PayPal payment failed')).toBeTruthy();
    expect(screen.getByText('Order could not be processed. Please try again.')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith('Payment failed.');
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
