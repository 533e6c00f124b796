// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { rememberGuestToken } from '../lib/guest-token.ts';
import CheckoutSuccessPage from './checkout-success-page.tsx';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

function handout(token: string | null) {
  return mockApi({
    'GET /api/orders/41/checkout-success': () => ({
      body: {
        orderId: 41,
        orderType: 'purchase',
        paymentStatus: 'completed',
        isNewAccount: true,
        setPasswordToken: token,
      },
    }),
  });
}

describe('CheckoutSuccessPage', () => {
  it("offers a new account 'Set Up Password' with the one-time token", async () => {
    const { calls } = handout('one-time');
    // Only the browser that placed the guest order holds its guest token, and only it is answered.
    rememberGuestToken(41, 'guest-token');
    renderWithApp(<CheckoutSuccessPage />, {
      route: '/checkout-success?orderId=41&email=guest%40example.com&newAccount=true',
    });
    expect(screen.getByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Set Up Password' });
    expect(link.getAttribute('href')).toBe('/set-password?email=guest%40example.com&token=one-time');
    expect(calls[0]?.search).toBe('?email=guest%40example.com&token=guest-token');
    expect(screen.queryByRole('link', { name: 'View My Orders' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/marketplace');
  });

  it('sends a new account whose token was already handed out to ask for a link', async () => {
    handout(null);
    rememberGuestToken(41, 'guest-token');
    renderWithApp(<CheckoutSuccessPage />, {
      route: '/checkout-success?orderId=41&email=guest%40example.com&newAccount=true',
    });
    const link = await screen.findByRole('link', { name: 'Set Up Password' });
    expect(link.getAttribute('href')).toBe('/set-password?email=guest%40example.com');
  });

  it('sends another browser (without the guest token) to ask for a link, without asking the server', async () => {
    const { calls } = handout('never');
    renderWithApp(<CheckoutSuccessPage />, {
      route: '/checkout-success?orderId=41&email=guest%40example.com&newAccount=true',
    });
    const link = await screen.findByRole('link', { name: 'Set Up Password' });
    expect(link.getAttribute('href')).toBe('/set-password?email=guest%40example.com');
    expect(calls).toHaveLength(0);
  });

  it("offers a signed-in buyer 'View My Orders', without asking for a token", async () => {
    const { calls } = mockApi({ 'GET /api/auth/user': () => ({ body: buildUser() }) });
    renderWithApp(<CheckoutSuccessPage />, {
      route: '/checkout-success?orderId=41&email=maker%40example.com&newAccount=false',
      token: 'session',
    });
    const link = await screen.findByRole('link', { name: 'View My Orders' });
    expect(link.getAttribute('href')).toBe('/my-orders');
    expect(screen.queryByRole('link', { name: 'Set Up Password' })).toBeNull();
    expect(calls.filter((c) => c.path.includes('checkout-success'))).toHaveLength(0);
  });

  it('tells a guest who used an existing account’s e-mail to confirm the order from the e-mail', async () => {
    mockApi({});
    renderWithApp(<CheckoutSuccessPage />, {
      route: '/checkout-success?orderId=41&email=known%40example.com&newAccount=false',
    });
    expect(await screen.findByText(/has a link to add this order/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View My Orders' })).toBeNull();
  });
});
