// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PayoutAccount } from '#shared/payouts.schemas.ts';
import { buildUser, mockApi, renderWithApp, type ApiHandler } from '#web/lib/testing.tsx';
import { PayoutAccountSection } from './payout-account-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Paid by hand, on a marketplace that offers all three methods. */
function buildAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    method: 'manual',
    paypalEmail: null,
    hasStripeAccount: false,
    stripeReady: false,
    availableMethods: ['manual', 'paypal_payouts', 'stripe_connect'],
    destinationSetAt: null,
    payableFrom: null,
    payoutsFrozen: false,
    ...overrides,
  };
}

function setup(account: PayoutAccount, routes: Record<string, ApiHandler> = {}) {
  let current = account;
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser({ paypalEmail: 'profile@paypal.example' }) }),
    'GET /api/my-payout-account': () => ({ body: current }),
    ...routes,
  });
  renderWithApp(<PayoutAccountSection />, { token: 't' });
  return { ...api, user: userEvent.setup(), setAccount: (next: PayoutAccount) => (current = next) };
}

async function findSection() {
  const section = await screen.findByRole('region', { name: 'How you are paid' });
  await within(section).findByRole('group', { name: 'Payout method' });
  return within(section);
}

describe('PayoutAccountSection', () => {
  it('offers the methods available here, with the one in use chosen', async () => {
    setup(buildAccount({ availableMethods: ['manual', 'paypal_payouts'] }));
    const section = await findSection();
    const radios = section.getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual([
      'Manual transfer by our team',
      'PayPal Payouts',
    ]);
    expect(section.getByRole('radio', { name: 'Manual transfer by our team' })).toHaveProperty(
      'checked',
      true,
    );
    expect(section.queryByRole('button', { name: 'Set up Stripe payouts' })).toBeNull();
    expect(section.queryByLabelText('PayPal e-mail')).toBeNull();
    // Manual payouts go to the profile's PayPal e-mail.
    expect(await section.findByText('profile@paypal.example')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Change your PayPal e-mail' }).getAttribute('href')).toBe(
      '/my-artchip?tab=profile',
    );
  });

  it('asks for the PayPal e-mail PayPal Payouts pays, saves it, and shows what the server refuses', async () => {
    let reply: { status: number; body: unknown } = {
      status: 409,
      body: { code: 'CONFLICT', message: 'PayPal Payouts is switched off right now.' },
    };
    const { user, callsTo, setAccount } = setup(buildAccount(), {
      'PUT /api/my-payout-account': () => reply,
    });
    const section = await findSection();
    await user.click(section.getByRole('radio', { name: 'PayPal Payouts' }));
    const email = section.getByLabelText('PayPal e-mail');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect((await section.findByRole('alert')).textContent).toBe('Enter the PayPal e-mail address to pay');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await user.type(email, 'not-an-email');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect((await section.findByRole('alert')).textContent).toBe('Enter a valid PayPal e-mail address');
    expect(callsTo('PUT /api/my-payout-account')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'me@paypal.example');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect((await section.findByRole('alert')).textContent).toBe('PayPal Payouts is switched off right now.');

    const saved = buildAccount({ method: 'paypal_payouts', paypalEmail: 'me@paypal.example' });
    reply = { status: 200, body: saved };
    setAccount(saved);
    // Where the money goes changes: the current password is asked and sent (decision 071).
    await user.type(section.getByLabelText('Current password'), 'pw-123');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You are paid by PayPal Payouts.')).toBeTruthy();
    expect(callsTo('PUT /api/my-payout-account').map((c) => c.body)).toEqual([
      { method: 'paypal_payouts', paypalEmail: 'me@paypal.example' },
      { method: 'paypal_payouts', paypalEmail: 'me@paypal.example', currentPassword: 'pw-123' },
    ]);
    expect(section.queryByRole('alert')).toBeNull();
    expect(section.getByRole('radio', { name: 'PayPal Payouts' })).toHaveProperty('checked', true);
    expect(section.getByLabelText<HTMLInputElement>('PayPal e-mail').value).toBe('me@paypal.example');
  });

  it('saves another method without a PayPal e-mail, even when the hidden one is invalid', async () => {
    const { user, callsTo } = setup(
      buildAccount({ method: 'paypal_payouts', paypalEmail: 'old@paypal.example', stripeReady: true }),
      { 'PUT /api/my-payout-account': () => ({ body: buildAccount({ method: 'stripe_connect' }) }) },
    );
    const section = await findSection();
    await user.clear(section.getByLabelText('PayPal e-mail'));
    await user.type(section.getByLabelText('PayPal e-mail'), 'broken');
    await user.click(section.getByRole('radio', { name: 'Stripe' }));
    expect(section.getByText('Stripe account ready')).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/my-payout-account').map((c) => c.body)).toEqual([
        { method: 'stripe_connect' },
      ]),
    );
  });

  it('asks for the password, then sends the seller to Stripe to set up payouts', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let tries = 0;
    const { user, callsTo } = setup(buildAccount(), {
      'POST /api/my-payout-account/stripe-onboarding': () =>
        ++tries === 1
          ? {
              status: 400,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'That is not your current password.',
                fieldErrors: { currentPassword: ['That is not your current password.'] },
              },
            }
          : { body: { url: 'https://connect.stripe.com/setup/s/abc' } },
    });
    const section = await findSection();
    expect(section.queryByText('Stripe account ready')).toBeNull();
    await user.click(section.getByRole('button', { name: 'Set up Stripe payouts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Continue to Stripe' }));
    // Nothing is sent without the password.
    await user.click(dialog.getByRole('button', { name: 'Continue to Stripe' }));
    expect(dialog.getByText('Enter your current password to change where your money goes.')).toBeTruthy();
    expect(callsTo('POST /api/my-payout-account/stripe-onboarding')).toHaveLength(0);
    await user.type(dialog.getByLabelText('Current password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Continue to Stripe' }));
    expect(await dialog.findByText('That is not your current password.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await user.clear(dialog.getByLabelText('Current password'));
    await user.type(dialog.getByLabelText('Current password'), 'pw-123');
    await user.click(dialog.getByRole('button', { name: 'Continue to Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/s/abc'));
    expect(callsTo('POST /api/my-payout-account/stripe-onboarding').map((c) => c.body)).toEqual([
      { currentPassword: 'wrong' },
      { currentPassword: 'pw-123' },
    ]);
    expect(dialog.getByRole('button', { name: 'Opening Stripe...' })).toHaveProperty('disabled', true);
  });

  it('finishes Stripe onboarding with the password, and says when Stripe does not answer', async () => {
    const { user } = setup(buildAccount({ hasStripeAccount: true }), {
      'POST /api/my-payout-account/stripe-onboarding': () => ({
        status: 502,
        body: { code: 'PAYMENT_FAILED', message: 'Stripe is not answering.' },
      }),
    });
    const section = await findSection();
    expect(section.getByText('Stripe needs a few more details before it can pay you.')).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Finish Stripe onboarding' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Continue to Stripe' }));
    await user.type(dialog.getByLabelText('Current password'), 'pw-123');
    await user.click(dialog.getByRole('button', { name: 'Continue to Stripe' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Stripe is not answering.');
  });

  it('says when the payout account cannot be loaded', async () => {
    mockApi({});
    renderWithApp(<PayoutAccountSection />, { token: 't' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load how you are paid. Please try again.',
    );
  });
});
