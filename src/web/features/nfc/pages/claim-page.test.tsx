// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ClaimPreview } from '#shared/handovers.schemas.ts';
import {
  buildCheckoutResponse,
  buildSiteInfo,
  buildUser,
  mockApi,
  renderWithApp,
} from '#web/lib/testing.tsx';
import ClaimPage from './claim-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function preview(overrides: Partial<ClaimPreview> = {}): ClaimPreview {
  return {
    chipTitle: 'Harbor Lights',
    chipPath: '/artchip/maker/harbor-lights',
    feePaidBy: 'claimant',
    feeCents: 1500,
    rule: "30% of this chip's highest price, $50.00",
    paymentOptions: [
      { method: 'card', mode: 'demo' },
      { method: 'paypal', mode: 'demo' },
    ],
    expiresAt: '2030-01-01T00:10:00.000Z',
    ...overrides,
  };
}

function renderPage(answer: ClaimPreview, signedIn = true) {
  const api = mockApi({
    'GET /api/auth/user': () =>
      signedIn
        ? { body: buildUser() }
        : { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } },
    'GET /api/site-info': () => ({ body: buildSiteInfo() }),
    'GET /api/artchip/claim': () => ({ body: answer }),
    'POST /api/artchip/claim': () => ({
      body: {
        ...buildCheckoutResponse({
          orderId: 31,
          redirectUrl: '/payment-processing?orderId=31&amount=15.00&method=paypal&token=demo_x',
        }),
        handover: {
          id: 1,
          chipId: 9,
          status: 'awaiting_payment',
          feePaidBy: 'claimant',
          createdAt: '2030-01-01T00:00:00.000Z',
          claimedAt: null,
        },
        chipId: 9,
        chipPath: '/artchip/maker/harbor-lights',
        ownerId: 5,
      },
    }),
  });
  const result = renderWithApp(<ClaimPage />, {
    route: '/claim?token=tok-1',
    path: '/claim',
    ...(signedIn ? { token: 't' } : {}),
  });
  return { ...result, api, user: userEvent.setup() };
}

describe('ClaimPage', () => {
  it('shows the fee, who pays it and a choice of method before paying, and pays with the chosen one', async () => {
    const { api, user, history } = renderPage(preview());
    const fee = await screen.findByRole('region', { name: 'Transfer fee' });
    expect(fee.textContent).toContain('You pay $15.00 when you claim');
    expect(fee.textContent).toContain("30% of this chip's highest price, $50.00");
    expect(fee.textContent).toContain('(10 minutes after your tap)');
    expect(api.callsTo('GET /api/artchip/claim')[0]!.search).toBe('?token=tok-1');
    const methods = screen.getByRole('group', { name: 'Pay the fee with' });
    expect(within(methods).getByRole<HTMLInputElement>('radio', { name: /Credit Card/ }).checked).toBe(true);
    await user.click(within(methods).getByRole('radio', { name: /PayPal/ }));
    expect(api.callsTo('POST /api/artchip/claim')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Claim and pay $15.00' }));
    await waitFor(() => expect(api.callsTo('POST /api/artchip/claim')).toHaveLength(1));
    expect(api.callsTo('POST /api/artchip/claim')[0]!.body).toEqual({
      token: 'tok-1',
      paymentMethod: 'paypal',
    });
    await waitFor(() => expect(history.location.pathname).toBe('/payment-processing'));
  });

  it('says the owner paid, offering no method, when the fee is not the claimant’s', async () => {
    renderPage(preview({ feePaidBy: 'owner', feeCents: 0, rule: null, paymentOptions: [] }));
    const fee = await screen.findByRole('region', { name: 'Transfer fee' });
    expect(fee.textContent).toContain('You pay nothing: the owner has paid the transfer fee.');
    expect(screen.queryByRole('group', { name: 'Pay the fee with' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Claim this Artchip' })).toBeTruthy();
  });

  it('tells a visitor to log in or sign up, that the claim lasts 10 minutes, and explains claiming', async () => {
    renderPage(preview(), false);
    expect(await screen.findByRole('link', { name: 'Sign up to claim' })).toBeTruthy();
    expect(screen.getAllByText(/Your tap lets you claim it for 10 minutes/)[0]!.tagName).toBe('P');
    expect(screen.getByRole('region', { name: 'How claiming by tap works' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /A phone held flat against an Artchip/ })).toBeTruthy();
  });
});
