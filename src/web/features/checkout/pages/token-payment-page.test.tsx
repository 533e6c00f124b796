// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { TokenPayment } from '#shared/payments.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import TokenPaymentPage from './token-payment-page.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const REFERENCE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function buildPayment(overrides: Partial<TokenPayment> = {}): TokenPayment {
  return {
    orderId: 7,
    paymentUrl: `solana:Treasury111?amount=22500.5&spl-token=Mint111&reference=${REFERENCE}&label=Artchip`,
    reference: REFERENCE,
    artchipAmount: '22500.500000',
    totalCents: 2250,
    quoteExpiresAt: new Date(Date.now() + 5 * 60_000 + 30_000).toISOString(),
    paymentStatus: 'pending',
    isFlagged: false,
    ...overrides,
  };
}

const STARTED = { 'POST /api/orders/7/payment-started': () => ({ body: { holdUntil: null } }) };

describe('TokenPaymentPage', () => {
  it('shows the wallet link, the QR code, the exact amount and a countdown to the quote expiry', async () => {
    const { calls, callsTo } = mockApi({
      ...STARTED,
      'GET /api/payments/solana/7': () => ({ body: buildPayment() }),
    });
    renderWithApp(<TokenPaymentPage />, { route: `/token-payment?orderId=7&reference=${REFERENCE}` });
    expect(await screen.findByRole('heading', { name: 'Pay with $ARTCHIP' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open in wallet' });
    expect(link.getAttribute('href')).toBe(buildPayment().paymentUrl);
    const qr = screen.getByRole('img', { name: 'QR code of the Solana Pay request for order #7' });
    expect(qr.getAttribute('src')).toBe(`/api/payments/solana/7/qr.svg?reference=${REFERENCE}`);
    expect(screen.getByText('22,500.5 $ARTCHIP')).toBeTruthy();
    expect(screen.getByText('$22.50')).toBeTruthy();
    expect(screen.getByText(/^5:[23]\d$/)).toBeTruthy();
    expect(screen.getByText('Waiting for your payment...')).toBeTruthy();
    expect(calls[0]!.search).toBe(`?reference=${REFERENCE}`);
    // Showing the request starts the payment: the chip is kept while the wallet pays.
    expect(callsTo('POST /api/orders/7/payment-started')).toHaveLength(1);
  });

  it('shows no request, and says why, when someone else is already paying for the chip', async () => {
    const reserved = 'This Artchip is being purchased by someone else. Please try again in a few minutes.';
    mockApi({
      'GET /api/payments/solana/7': () => ({ body: buildPayment() }),
      'POST /api/orders/7/payment-started': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: reserved },
      }),
    });
    renderWithApp(<TokenPaymentPage />, { route: `/token-payment?orderId=7&reference=${REFERENCE}` });
    expect(await screen.findByText(reserved)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in wallet' })).toBeNull();
  });

  it('polls until the transfer is confirmed, then goes to /checkout-success', async () => {
    let polls = 0;
    mockApi({
      ...STARTED,
      'GET /api/payments/solana/7': () => ({
        body: buildPayment({ paymentStatus: ++polls >= 2 ? 'completed' : 'pending' }),
      }),
    });
    const { history } = renderWithApp(<TokenPaymentPage />, {
      route: `/token-payment?orderId=7&reference=${REFERENCE}&email=a%40b.co&newAccount=true`,
    });
    await screen.findByText('Waiting for your payment...');
    await waitFor(() => expect(history.location.pathname).toBe('/checkout-success'), { timeout: 8000 });
    expect(history.location.search).toBe('?orderId=7&email=a%40b.co&newAccount=true');
  }, 12_000);

  it('says when the quote has expired and when a transfer did not match', async () => {
    mockApi({
      'GET /api/payments/solana/7': () => ({
        body: buildPayment({ quoteExpiresAt: new Date(Date.now() - 1000).toISOString(), isFlagged: true }),
      }),
    });
    renderWithApp(<TokenPaymentPage />, { route: `/token-payment?orderId=7&reference=${REFERENCE}` });
    expect(await screen.findByText(/This quote has expired/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/does not match the request/);
  });

  it('shows the spec failure messages for a failed payment', async () => {
    mockApi({ 'GET /api/payments/solana/7': () => ({ body: buildPayment({ paymentStatus: 'failed' }) }) });
    renderWithApp(<TokenPaymentPage />, { route: `/token-payment?orderId=7&reference=${REFERENCE}` });
    expect(await screen.findByRole('heading', { name: 'token payment failed' })).toBeTruthy();
    expect(screen.getByText('Order could not be processed. Please try again.')).toBeTruthy();
  });

  it('shows Payment Error without an order, or for an order the visitor may not see', async () => {
    mockApi({});
    renderWithApp(<TokenPaymentPage />, { route: '/token-payment?reference=x' });
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeTruthy();
    cleanup();
    renderWithApp(<TokenPaymentPage />, { route: '/token-payment?orderId=7&reference=wrong' });
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeTruthy();
    expect(screen.getByText('Invalid payment parameters. Please try again.')).toBeTruthy();
  });
});
