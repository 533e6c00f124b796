// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  CHIP_RESERVED_MESSAGE,
  EMAIL_REGISTERED_MESSAGE,
  type CheckoutResponse,
} from '#shared/checkout.schemas.ts';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { assignLocation } from '../lib/browser-navigation.ts';
import {
  buildCheckoutResponse,
  buildQuote,
  buildSettings,
  buildSiteInfo,
  buildUser,
  mockApi,
  renderWithApp,
  type ApiHandler,
} from '#web/lib/testing.tsx';
import { CheckoutDialog, type CheckoutTarget } from './checkout-dialog.tsx';
import { EMAIL_HAS_ACCOUNT_HINT } from './checkout-form.tsx';

vi.mock('../lib/browser-navigation.ts', () => ({ assignLocation: vi.fn() }));

const PURCHASE: CheckoutTarget = { orderType: 'purchase', artchip: { id: 9, title: 'Harbor Lights' } };

function checkoutResponse(overrides: Partial<CheckoutResponse> = {}): CheckoutResponse {
  return buildCheckoutResponse({
    orderId: 41,
    redirectUrl: '/payment-processing?orderId=41&amount=40.00&method=card',
    stripeUrl: '/payment-processing?orderId=41&amount=40.00&method=card',
    newAccount: true,
    email: 'guest@example.com',
    ...overrides,
  });
}

function setup(
  routes: Record<string, ApiHandler> = {},
  options: { token?: string; target?: CheckoutTarget } = {},
) {
  const api = mockApi({
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'GET /api/site-info': () => ({ body: buildSiteInfo({ demoPayments: true }) }),
    'POST /api/checkout/quote': () => ({ body: buildQuote() }),
    'POST /api/auth/check-email': () => ({ body: { exists: false } }),
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/shipping-addresses': () => ({ body: [] }),
    ...routes,
  });
  const view = renderWithApp(
    <CheckoutDialog open onOpenChange={() => undefined} target={options.target ?? PURCHASE} />,
    {
      route: '/artchip/maker/harbor-lights',
      ...(options.token ? { token: options.token } : {}),
    },
  );
  return { ...api, ...view, user: userEvent.setup() };
}

/** The dialog once its form is ready (settings, and for a signed-in buyer the addresses, loaded). */
async function readyDialog(name?: string) {
  const dialog = await screen.findByRole('dialog', name ? { name } : {});
  await within(dialog).findByRole('button', { name: /^Complete (Purchase|Mint)$/ });
  return dialog;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CheckoutDialog (purchase)', () => {
  it('asks a visitor for an e-mail and offers the allowed methods, each labelled Demo, with the live summary', async () => {
    setup();
    const dialog = await readyDialog('Complete Your Purchase');
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    for (const name of [/Credit Card/, /PayPal/, /\$ARTCHIP token/]) {
      expect(within(dialog).getByRole('radio', { name })).toBeTruthy();
    }
    expect(within(dialog).getAllByText('Demo')).toHaveLength(3);
    const summary = within(dialog).getByRole('region', { name: 'Order Summary' });
    // A token amount only on a token payment (issue 27): none while the card is chosen.
    expect(await within(summary).findByText('Total')).toBeTruthy();
    expect(within(summary).queryByText('Token amount')).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('radio', { name: /\$ARTCHIP token/ }));
    expect(await within(summary).findByText('40,000 $ARTCHIP')).toBeTruthy();
    expect(within(summary).getAllByText('$40.00')).toHaveLength(2);
  });

  it('re-quotes when an input changes', async () => {
    const { callsTo, user } = setup();
    const dialog = await readyDialog();
    await waitFor(() => expect(callsTo('POST /api/checkout/quote').length).toBeGreaterThan(0));
    await user.click(within(dialog).getByRole('radio', { name: /\$ARTCHIP token/ }));
    await waitFor(() =>
      expect(
        callsTo('POST /api/checkout/quote').some(
          (c) => (c.body as { paymentMethod: string }).paymentMethod === 'artchip',
        ),
      ).toBe(true),
    );
  });

  it('lets a returning guest (a password-less account from an earlier checkout) check out again', async () => {
    const { user, callsTo, history } = setup({
      'POST /api/auth/check-email': () => ({ body: { exists: true } }),
      'POST /api/checkout': () => ({ body: checkoutResponse({ newAccount: false }) }),
    });
    const dialog = await readyDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'guest@example.com');
    // The lookup finds the account but cannot tell whether it has a password: it only suggests signing in.
    expect(
      await within(dialog).findByText(EMAIL_HAS_ACCOUNT_HINT, { exact: false }, { timeout: 3000 }),
    ).toBeTruthy();
    // Signing in comes back to the chip page the checkout was opened on.
    expect(within(dialog).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?next=%2Fartchip%2Fmaker%2Fharbor-lights',
    );
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Complete Purchase' });
    expect(submit.disabled).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: /Store in the vault/ }));
    await user.click(submit);
    await waitFor(() => expect(history.location.pathname).toBe('/payment-processing'));
    expect(callsTo('POST /api/checkout')[0]?.body).toMatchObject({ email: 'guest@example.com' });
    expect(within(dialog).queryByText(EMAIL_REGISTERED_MESSAGE)).toBeNull();
  });

  it('asks an account with a password to sign in when the server refuses the e-mail, and never signs in', async () => {
    const { user, history } = setup({
      'POST /api/auth/check-email': () => ({ body: { exists: true } }),
      'POST /api/checkout': () => ({
        status: 409,
        body: {
          code: 'CONFLICT',
          message: EMAIL_REGISTERED_MESSAGE,
          fieldErrors: { email: [EMAIL_REGISTERED_MESSAGE] },
        },
      }),
    });
    const dialog = await readyDialog();
    const email = within(dialog).getByLabelText('Email');
    await user.type(email, 'Taken@example.com');
    await user.click(within(dialog).getByRole('radio', { name: /Store in the vault/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete Purchase' }));

    const fieldError = await within(dialog).findByText(EMAIL_REGISTERED_MESSAGE);
    expect(email.getAttribute('aria-describedby')).toBe(fieldError.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const signIn = within(dialog).getAllByRole('link', { name: 'Sign In' });
    expect(signIn.map((link) => link.getAttribute('href'))).toEqual([
      '/login?next=%2Fartchip%2Fmaker%2Fharbor-lights',
    ]);
    expect(history.location.pathname).toBe('/artchip/maker/harbor-lights');
    expect(document.cookie).not.toContain('artchip_signed_in');

    // Another e-mail clears the message.
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await waitFor(() => expect(within(dialog).queryByText(EMAIL_REGISTERED_MESSAGE)).toBeNull());
  });

  it('refuses to ship to an incomplete new address, without calling checkout', async () => {
    const { user, callsTo } = setup();
    const dialog = await readyDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'guest@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Complete Purchase' }));
    expect(await screen.findByText('Incomplete Address')).toBeTruthy();
    expect(within(dialog).getByText('Please fill in all required address fields')).toBeTruthy();
    expect(callsTo('POST /api/checkout')).toHaveLength(0);
  });

  it('checks out a guest and goes to the payment page with the e-mail and new-account flag', async () => {
    const { user, callsTo, history } = setup({
      'POST /api/checkout': () => ({
        body: checkoutResponse({ clientSecret: 'pi_secret', paymentIntentId: 'pi_1' }),
      }),
    });
    const dialog = await readyDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'guest@example.com');
    await user.click(within(dialog).getByRole('radio', { name: /Store in the vault/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete Purchase' }));
    await waitFor(() => expect(history.location.pathname).toBe('/payment-processing'));
    expect(callsTo('POST /api/checkout')[0]?.body).toMatchObject({
      email: 'guest@example.com',
      orderType: 'purchase',
      artchipId: 9,
      paymentMethod: 'card',
      shippingOption: 'store',
    });
    const query = new URLSearchParams(history.location.search);
    expect(Object.fromEntries(query)).toEqual({
      orderId: '41',
      amount: '40.00',
      method: 'card',
      email: 'guest@example.com',
      newAccount: 'true',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentClientSecret)).toBe('pi_secret');
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentIntentId)).toBe('pi_1');
  });

  it('shows a reserved chip clearly in the dialog and as a Checkout Error', async () => {
    const { user } = setup({
      'POST /api/checkout': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: CHIP_RESERVED_MESSAGE },
      }),
    });
    const dialog = await readyDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'guest@example.com');
    await user.click(within(dialog).getByRole('radio', { name: /Store in the vault/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete Purchase' }));
    expect(await within(dialog).findByText(CHIP_RESERVED_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('Checkout Error')).toBeTruthy();
  });

  it('says so when a network failure stops checkout', async () => {
    const { user } = setup({
      'POST /api/checkout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const dialog = await readyDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'guest@example.com');
    await user.click(within(dialog).getByRole('radio', { name: /Store in the vault/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete Purchase' }));
    expect(await screen.findByText('Something went wrong during checkout')).toBeTruthy();
    expect(screen.getByText('Failed to process checkout. Please try again.')).toBeTruthy();
  });

  it('sends a signed-in buyer whose session ended to log in again after 500 ms', async () => {
    const { user } = setup(
      {
        'GET /api/shipping-addresses': () => ({
          body: [
            {
              id: 3,
              name: 'May Ker',
              addressLine1: '1 Main St',
              addressLine2: null,
              city: 'Springfield',
              state: 'IL',
              zipCode: '62701',
              country: 'US',
              phone: null,
              isDefault: true,
              createdAt: '2030-01-01T00:00:00.000Z',
            },
          ],
        }),
        'POST /api/checkout': () => ({
          status: 401,
          body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' },
        }),
      },
      { token: 'session-token' },
    );
    const dialog = await readyDialog();
    expect(await within(dialog).findByText('Your receipt goes to maker@example.com.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Shipping address').value).toBe('3');
    await user.click(within(dialog).getByRole('button', { name: 'Complete Purchase' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(assignLocation).not.toHaveBeenCalled();
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });
});

describe('CheckoutDialog (mint)', () => {
  it('has no e-mail field, offers the mint methods and sends the mint data', async () => {
    const { user, callsTo, history } = setup(
      {
        // A shop whose admin offers mints by token only (by default every method is offered, issue 27).
        'GET /api/site-settings': () => ({
          body: buildSettings({
            paymentMethods: { mint: ['artchip'], purchase: ['card', 'paypal', 'artchip'] },
          }),
        }),
        'POST /api/checkout/quote': () => ({
          body: buildQuote(
            { basePriceCents: 1500, totalCents: 1500, artchipAmount: '15000.000000' },
            {
              paymentOptions: [{ method: 'artchip', mode: 'demo' }],
            },
          ),
        }),
        'POST /api/checkout': () => ({
          body: checkoutResponse({
            orderId: 7,
            newAccount: false,
            email: 'maker@example.com',
            artchipUrl: '/payment-processing?orderId=7&amount=15.00&method=artchip',
            redirectUrl: '/payment-processing?orderId=7&amount=15.00&method=artchip',
          }),
        }),
      },
      {
        token: 'session-token',
        target: {
          orderType: 'mint',
          mintData: { isSurprize: false, title: 'Sunrise', imageUrl: '/media/a.png', shape: 'round' },
        },
      },
    );
    const dialog = await readyDialog('Complete Your Mint');
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    expect(
      await within(dialog).findAllByRole('radio', { name: /Credit Card|PayPal|\$ARTCHIP/ }),
    ).toHaveLength(1);
    await user.click(within(dialog).getByRole('radio', { name: /Store in the vault/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete Mint' }));
    await waitFor(() => expect(history.location.pathname).toBe('/payment-processing'));
    expect(callsTo('POST /api/checkout')[0]?.body).toMatchObject({
      orderType: 'mint',
      paymentMethod: 'artchip',
      mintData: { isSurprize: false, title: 'Sunrise', imageUrl: '/media/a.png', shape: 'round' },
    });
    expect(callsTo('POST /api/checkout')[0]?.body).not.toHaveProperty('email');
  });
});
