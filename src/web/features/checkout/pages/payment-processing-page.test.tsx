// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildOrder, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import PaymentProcessingPage from './payment-processing-page.tsx';

afterEach(cleanup);

const RESERVED = 'This Artchip is being purchased by someone else. Please try again in a few minutes.';

function setup(route: string, order = buildOrder(), { someoneElsePays = false } = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    [`POST /api/orders/${order.id}/payment-started`]: () =>
      someoneElsePays
        ? { status: 409, body: { code: 'CONFLICT', message: RESERVED } }
        : { body: { holdUntil: null } },
    [`POST /api/orders/${order.id}/complete`]: () => ({ body: { order } }),
  });
  renderWithApp(<PaymentProcessingPage />, { route, token: 't' });
  return { ...api, user: userEvent.setup() };
}

describe('PaymentProcessingPage', () => {
  it('fails at once without an orderId', async () => {
    const { calls } = setup('/payment-processing?amount=15.00&method=artchip');
    expect(await screen.findByRole('heading', { name: 'token payment failed' })).toBeTruthy();
    expect(screen.getByText('Order could not be processed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('completes the order and states the saving this order actually got', async () => {
    const order = buildOrder({
      id: 8,
      paymentMethod: 'artchip',
      artchipAmount: '36000.000000',
      discountCents: 400,
      shippingOption: 'ship',
      shippingCents: 0,
      totalCents: 3600,
    });
    setup('/payment-processing?orderId=8&amount=36.00&method=artchip&email=a%40b.co&newAccount=true', order);
    expect(screen.getByRole('heading', { name: 'Processing Payment...' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByText('You saved $4.00 by paying with $ARTCHIP, plus free shipping.')).toBeTruthy();
    expect(screen.queryByText(/\$10\.00/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/checkout-success?orderId=8&email=a%40b.co&newAccount=true',
    );
  });

  it('stops before paying, and says why, when someone else is already paying for the chip', async () => {
    const { callsTo } = setup(
      '/payment-processing?orderId=5&amount=40.00&method=card',
      buildOrder({ id: 5 }),
      {
        someoneElsePays: true,
      },
    );
    expect(await screen.findByText(RESERVED, {}, { timeout: 4000 })).toBeTruthy();
    expect(callsTo('POST /api/orders/5/payment-started')).toHaveLength(1);
    expect(callsTo('POST /api/orders/5/complete')).toHaveLength(0);
  });

  it('claims no saving when there was none', async () => {
    setup('/payment-processing?orderId=5&amount=40.00&method=card', buildOrder({ id: 5 }));
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/saved/)).toBeNull();
  });

  it('can simulate a failure, and Try Again is offered', async () => {
    const { user, calls } = setup('/payment-processing?orderId=5&amount=40.00&method=card');
    await user.click(screen.getByRole('button', { name: 'Simulate failure' }));
    expect(screen.getByRole('heading', { name: 'Credit card payment failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1700));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
