// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResponse, QuoteRequest } from '#shared/checkout.schemas.ts';
import {
  buildOrder,
  buildCheckoutResponse,
  buildQuote,
  buildUser,
  mockApi,
  renderWithApp,
  type ApiReply,
} from '#web/lib/testing.tsx';
import { OrdersList } from './orders-list.tsx';

afterEach(cleanup);

function checkoutAnswer(overrides: Partial<CheckoutResponse> = {}): CheckoutResponse {
  return buildCheckoutResponse({
    redirectUrl: '/payment-processing?orderId=12&amount=38.00&method=artchip&token=demo_abc',
    artchipUrl: '/payment-processing?orderId=12&amount=38.00&method=artchip&token=demo_abc',
    ...overrides,
  });
}

function ordersApi(options: { offered?: QuoteRequest['paymentMethod'][]; pay?: () => ApiReply } = {}) {
  const offered = options.offered ?? ['card', 'paypal', 'artchip'];
  return mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/my-orders': () => ({
      body: [
        buildOrder({
          id: 7,
          artchipTitle: 'Harbor Lights',
          status: 'pending',
          paymentStatus: 'pending',
          paidAt: null,
          canPayNow: true,
        }),
        buildOrder({ id: 8, artchipTitle: 'Sunrise' }),
      ],
    }),
    'POST /api/checkout/quote': (call) => {
      const input = call.body as QuoteRequest;
      const discount = input.paymentMethod === 'artchip' ? 200 : 0;
      return {
        body: buildQuote(
          { discountCents: discount, totalCents: 4000 - discount },
          {
            paymentOptions: offered.map((method) => ({ method, mode: 'demo' as const })),
            isPaymentMethodAllowed: offered.includes(input.paymentMethod),
          },
        ),
      };
    },
    'POST /api/orders/7/pay': () => options.pay?.() ?? { body: checkoutAnswer() },
  });
}

async function openPayNow() {
  const card = await screen.findByRole('article', { name: 'Harbor Lights' });
  fireEvent.click(within(card).getByRole('button', { name: 'Pay now' }));
  return screen.findByRole('dialog', { name: 'Pay for Harbor Lights' });
}

describe('Pay now on My Orders', () => {
  it('is offered only on orders that can be paid again', async () => {
    ordersApi();
    renderWithApp(<OrdersList />, { token: 't' });
    const unpaid = await screen.findByRole('article', { name: 'Harbor Lights' });
    expect(within(unpaid).getByRole('button', { name: 'Pay now' })).toBeTruthy();
    const paid = screen.getByRole('article', { name: 'Sunrise' });
    expect(within(paid).queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('pays with another method at today’s price and follows the checkout’s redirect', async () => {
    const api = ordersApi();
    const { history } = renderWithApp(<OrdersList />, { token: 't', route: '/my-orders' });
    const dialog = await openPayNow();
    const card = await within(dialog).findByRole('radio', { name: /Credit Card/ });
    expect((card as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Pay $40.00' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('radio', { name: /\$ARTCHIP token/ }));
    await within(dialog).findByText('-$2.00');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay $38.00' }));

    await waitFor(() => expect(history.location.pathname).toBe('/payment-processing'));
    expect(api.callsTo('POST /api/orders/7/pay')[0]!.body).toEqual({ paymentMethod: 'artchip' });
    const params = new URLSearchParams(history.location.search);
    expect(params.get('orderId')).toBe('12');
    expect(params.get('email')).toBe('maker@example.com');
  });

  it('starts on the first method offered when the order’s own is no longer offered', async () => {
    const api = ordersApi({ offered: ['paypal', 'artchip'] });
    renderWithApp(<OrdersList />, { token: 't' });
    const dialog = await openPayNow();
    expect(within(dialog).queryByRole('radio', { name: /Credit Card/ })).toBeNull();
    const paypal = await within(dialog).findByRole('radio', { name: /PayPal/ });
    expect((paypal as HTMLInputElement).checked).toBe(true);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay $40.00' }));
    await waitFor(() => expect(api.callsTo('POST /api/orders/7/pay')).toHaveLength(1));
    expect(api.callsTo('POST /api/orders/7/pay')[0]!.body).toEqual({ paymentMethod: 'paypal' });
  });

  it('says why when the server refuses', async () => {
    ordersApi({
      pay: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'This Artchip is no longer available.' },
      }),
    });
    renderWithApp(<OrdersList />, { token: 't' });
    const dialog = await openPayNow();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay $40.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This Artchip is no longer available.',
    );
  });
});
