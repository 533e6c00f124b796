// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(cleanup);

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
    highestSaleCents: 5000,
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
    // Accepting shows the split first: $45 offered on a chip sold before at $50 pays 30 % of $50.
    const accept = within(await screen.findByRole('dialog', { name: "Accept bidder's offer" }));
    const split = within(accept.getByRole('region', { name: 'Who gets what' }));
    expect(await split.findByText("30% of this chip's highest price, $50.00")).toBeTruthy();
    expect(split.getByText('$15.00')).toBeTruthy();
    expect(split.getByText('You receive').nextElementSibling?.textContent).toBe('$30.00');
    expect(callsTo('POST /api/offers/1/accept')).toHaveLength(0);
    await user.click(accept.getByRole('button', { name: 'Accept $45.00' }));
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

  it('shows the owner what they receive as they type a counter-offer', async () => {
    const { user, callsTo } = setup();
    const received = within(await screen.findByRole('region', { name: 'Offers received' }));
    await user.click(await received.findByRole('button', { name: 'Counter offer on Harbor Lights' }));
    const counter = within(await screen.findByRole('dialog', { name: "Counter bidder's offer" }));
    const split = within(counter.getByRole('region', { name: 'Who gets what' }));
    expect(
      await split.findByText('Enter a price to see the platform fee and what you receive.'),
    ).toBeTruthy();
    await user.type(counter.getByLabelText('Counter amount (USD)'), '80');
    // Above the highest sale so far, this sale is the fee base.
    expect(await split.findByText('30% of the sale price')).toBeTruthy();
    expect(split.getByText('$24.00')).toBeTruthy();
    expect(split.getByText('You receive').nextElementSibling?.textContent).toBe('$56.00');
    expect(callsTo('POST /api/offers/1/counter')).toHaveLength(0);
  });

  it('shows the buyer the price they pay before accepting a counter-offer', async () => {
    const api = mockApi({
      'GET /api/auth/user': () => ({ body: buildUser({ id: 6, username: 'bidder' }) }),
      'GET /api/offers/received': () => ({ body: [] }),
      'GET /api/offers/sent': () => ({
        body: [offer({ status: 'countered', counterAmountCents: 5500, canAccept: true, canWithdraw: true })],
      }),
      'POST /api/offers/1/accept': () => ({ body: offer({ status: 'accepted' }) }),
      'GET /api/site-settings': () => ({ body: buildSettings({ platformFeePercent: '25.00' }) }),
    });
    renderWithApp(<OffersPanel />, { token: 't' });
    const user = userEvent.setup();
    const sent = within(await screen.findByRole('region', { name: 'Offers sent' }));
    await user.click(await sent.findByRole('button', { name: 'Accept offer on Harbor Lights' }));
    const accept = within(await screen.findByRole('dialog', { name: "Accept maker's counter-offer" }));
    const split = within(accept.getByRole('region', { name: 'Who gets what' }));
    expect((await split.findByText('You pay')).nextElementSibling?.textContent).toBe('$55.00');
    // The fee follows the settings: 25 % of $55, the new highest price.
    expect(split.getByText('25% of the sale price')).toBeTruthy();
    expect(split.getByText('The seller receives').nextElementSibling?.textContent).toBe('$41.25');
    await user.click(accept.getByRole('button', { name: 'Accept $55.00' }));
    await waitFor(() => expect(api.callsTo('POST /api/offers/1/accept')).toHaveLength(1));
  });
});
