// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Offer } from '#shared/offers.schemas.ts';
import {
  buildQuote,
  buildSettings,
  buildSiteInfo,
  buildUser,
  mockApi,
  renderWithApp,
} from '#web/lib/testing.tsx';
import { OffersPanel } from './offers-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function offer(overrides: Partial<Offer>): Offer {
  return {
    id: 1,
    status: 'pending',
    artchipId: 9,
    artchipTitle: 'Harbor Lights',
    artchipSlug: 'harbor-lights',
    artchipImageUrl: null,
    creatorUsername: 'maker',
    listPriceCents: 6000,
    buyerId: 6,
    buyerUsername: 'bidder',
    ownerId: 5,
    ownerUsername: 'maker',
    amountCents: 4500,
    counterAmountCents: null,
    agreedAmountCents: null,
    message: 'Love it',
    expiresAt: '2030-01-08T00:00:00.000Z',
    acceptedUntil: null,
    orderId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    canAccept: false,
    canDecline: false,
    canCounter: false,
    canWithdraw: false,
    canCheckout: false,
    ...overrides,
  };
}

function setup() {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/offers/received': () => ({
      body: [offer({ id: 1, canAccept: true, canDecline: true, canCounter: true })],
    }),
    'GET /api/offers/sent': () => ({
      body: [
        offer({
          id: 2,
          artchipId: 12,
          artchipTitle: 'Meadow',
          artchipSlug: 'meadow',
          status: 'accepted',
          agreedAmountCents: 4000,
          acceptedUntil: '2030-01-03T00:00:00.000Z',
          canCheckout: true,
          canWithdraw: true,
        }),
      ],
    }),
    'POST /api/offers/1/accept': () => ({ body: offer({ id: 1, status: 'accepted' }) }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'GET /api/site-info': () => ({ body: buildSiteInfo({ demoPayments: true }) }),
    'GET /api/shipping-addresses': () => ({ body: [] }),
    'POST /api/checkout/quote': () => ({ body: buildQuote({ basePriceCents: 4000, totalCents: 4000 }) }),
  });
  renderWithApp(<OffersPanel />, { token: 't' });
  return { ...api, user: userEvent.setup() };
}

describe('OffersPanel', () => {
  it('lets the owner answer an offer and the buyer complete an accepted one at its price', async () => {
    const { user, callsTo } = setup();
    const received = within(await screen.findByRole('region', { name: 'Offers received' }));
    expect(await received.findByText('“Love it”')).toBeTruthy();
    for (const action of ['Accept', 'Counter', 'Decline']) {
      expect(received.getByRole('button', { name: `${action} offer on Harbor Lights` })).toBeTruthy();
    }
    await user.click(received.getByRole('button', { name: 'Accept offer on Harbor Lights' }));
    await waitFor(() => expect(callsTo('POST /api/offers/1/accept')).toHaveLength(1));
    expect(await screen.findByText('Offer accepted')).toBeTruthy();

    const sent = within(screen.getByRole('region', { name: 'Offers sent' }));
    expect(await sent.findByText(/Held for the buyer at \$40\.00/)).toBeTruthy();
    await user.click(sent.getByRole('button', { name: 'Complete purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Purchase' });
    expect(await within(dialog).findByText('at your accepted offer', { exact: false })).toBeTruthy();
    await waitFor(() =>
      expect(callsTo('POST /api/checkout/quote')[0]?.body).toMatchObject({
        artchipId: 12,
        offerId: 2,
        orderType: 'purchase',
      }),
    );
  });
});
