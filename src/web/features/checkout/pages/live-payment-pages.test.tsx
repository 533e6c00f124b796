// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PaymentsConfig } from '#shared/payments.schemas.ts';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { buildSettings, buildSiteInfo, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import PaypalProcessingPage from './paypal-processing-page.tsx';
import StripeProcessingPage from './stripe-processing-page.tsx';

/** Stand-ins for the provider scripts, which the live pages load from the providers' CDNs. */
const loaded = vi.hoisted(() => ({ stripeKeys: [] as string[], paypalClientIds: [] as string[] }));

vi.mock('../lib/stripe-js.ts', () => ({
  loadStripeJs: async (key: string) => {
    loaded.stripeKeys.push(key);
    return {
      elements: () => ({
        create: () => {
          let ready: (() => void) | undefined;
          return {
            mount: () => setTimeout(() => ready?.()),
            destroy: () => undefined,
            focus: () => undefined,
            on: (event: string, handler: () => void) => {
              if (event === 'ready') ready = handler;
            },
          };
        },
      }),
      confirmCardPayment: async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
    };
  },
}));

vi.mock('../lib/paypal-js.ts', () => ({
  loadPaypalJs: async (clientId: string) => {
    loaded.paypalClientIds.push(clientId);
    return {
      Buttons: () => ({
        isEligible: () => true,
        render: async (el: HTMLElement) => {
          el.textContent = 'PayPal SDK buttons';
        },
        close: async () => undefined,
      }),
    };
  },
}));

afterEach(() => {
  cleanup();
  loaded.stripeKeys.length = 0;
  loaded.paypalClientIds.length = 0;
});

const LIVE: PaymentsConfig = {
  methods: [
    { method: 'card', mode: 'live', provider: 'stripe' },
    { method: 'paypal', mode: 'live', provider: 'paypal' },
  ],
  stripe: { publishableKey: 'pk_live_1' },
  paypal: { clientId: 'pp-client' },
  solana: null,
};

function liveApi() {
  return mockApi({
    'GET /api/payments/config': () => ({ body: LIVE }),
    'GET /api/site-info': () => ({ body: buildSiteInfo({ demoPayments: false }) }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
  });
}

describe('payment pages with live providers', () => {
  it('/stripe-processing takes the client secret from storage once and shows the Stripe card form', async () => {
    liveApi();
    window.localStorage.setItem(STORAGE_KEYS.paymentClientSecret, 'pi_1_secret_2');
    window.localStorage.setItem(STORAGE_KEYS.paymentIntentId, 'pi_1');
    renderWithApp(<StripeProcessingPage />, { route: '/stripe-processing?orderId=4&amount=40.00' });
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentClientSecret)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentIntentId)).toBeNull();
    const pay = await screen.findByRole<HTMLButtonElement>('button', { name: 'Pay Now $40.00' });
    await waitFor(() => expect(pay.disabled).toBe(false));
    expect(loaded.stripeKeys).toEqual(['pk_live_1']);
    expect(screen.queryByText('Demo')).toBeNull();
  });

  it('/stripe-processing opened again without a stored client secret says so instead of waiting forever', async () => {
    liveApi();
    renderWithApp(<StripeProcessingPage />, { route: '/stripe-processing?orderId=4&amount=40.00' });
    expect(await screen.findByText('This secure payment page can only be used once.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/my-orders');
    expect(screen.queryByText('Setting up secure payment...')).toBeNull();
    expect(loaded.stripeKeys).toEqual([]);
  });

  it('/paypal-processing renders the PayPal SDK buttons instead of the demo button', async () => {
    liveApi();
    renderWithApp(<PaypalProcessingPage />, {
      route: '/paypal-processing?orderId=4&amount=48.00&sellerEmail=s%40x.co&artchipId=9',
    });
    expect(await screen.findByText('PayPal SDK buttons')).toBeTruthy();
    expect(loaded.paypalClientIds).toEqual(['pp-client']);
    expect(screen.queryByRole('button', { name: /Pay with PayPal/ })).toBeNull();
  });
});
