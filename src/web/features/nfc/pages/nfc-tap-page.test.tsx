// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Handover } from '#shared/handovers.schemas.ts';
import type { TapResult } from '#shared/nfc.schemas.ts';
import type { TransferFee } from '#shared/orders.schemas.ts';
import {
  buildChip,
  buildSettings,
  buildSiteInfo,
  buildUser,
  mockApi,
  renderWithApp,
} from '#web/lib/testing.tsx';
import NfcTapPage from './nfc-tap-page.tsx';

afterEach(cleanup);

const FEE: TransferFee = {
  feeCents: 1500,
  feeBaseCents: 5000,
  feeBasis: 'highest_sale',
  rule: "30% of this chip's highest price, $50.00",
  isListed: false,
};

const OPEN: Handover = {
  id: 3,
  chipId: 9,
  status: 'open',
  feePaidBy: 'claimant',
  createdAt: '2030-01-01T00:00:00.000Z',
  claimedAt: null,
};

function tapResult(overrides: Partial<TapResult> = {}): TapResult {
  return {
    status: 'authentic',
    uid: '04AABBCCDDEEFF',
    counter: 8,
    chip: buildChip({ status: 'sold', custody: 'with_owner' }),
    unavailable: false,
    claim: null,
    claimMessage: null,
    handoverTap: null,
    deliveredOrderId: null,
    ...overrides,
  };
}

function api(result: TapResult) {
  let live: Handover | null = null;
  return mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-info': () => ({ body: buildSiteInfo() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'GET /api/artchip/tap': () => ({ body: result }),
    'GET /api/artchip/9/transfer-fee': () => ({ body: FEE }),
    'GET /api/artchip/9/handover': () => ({ body: { handover: live } }),
    'POST /api/artchip/9/handover': () => {
      live = OPEN;
      return { body: { handover: OPEN } };
    },
  });
}

const TAP_ROUTE = '/?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086';

describe('NfcTapPage', () => {
  it('offers its owner’s fresh tap "Hand over", which opens the handover from that tap', async () => {
    const mock = api(tapResult({ handoverTap: { token: 'tap-8', expiresAt: '2030-01-01T00:10:00.000Z' } }));
    const user = userEvent.setup();
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE, token: 't' });
    expect(await screen.findByRole('heading', { name: 'This Artchip is yours' })).toBeTruthy();
    // The tap is verified with the session, so the server knows it is the owner's.
    expect(mock.callsTo('GET /api/artchip/tap')[0]?.search).toBe(TAP_ROUTE.slice(1));
    const tapCall = mock.fetchMock.mock.calls.find(
      ([href]) => typeof href === 'string' && href.startsWith('/api/artchip/tap'),
    );
    expect(tapCall?.[1]?.credentials).toBe('same-origin');

    await user.click(screen.getByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over Harbor Lights' });
    await user.click(await within(dialog).findByRole('button', { name: 'Start handover' }));
    expect(mock.callsTo('POST /api/artchip/9/handover')[0]?.body).toEqual({
      feePaidBy: 'claimant',
      tapToken: 'tap-8',
    });
    expect(await within(dialog).findByText(/can claim it\./)).toBeTruthy();
  });

  it('tells the buyer whose tap delivered their order so (issue 28), and says nothing otherwise', async () => {
    api(tapResult({ deliveredOrderId: 31 }));
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE, token: 't' });
    expect(await screen.findByText('Delivered: thanks for confirming.')).toBeTruthy();
    expect(screen.getByText(/order #\s*31 is marked as received/)).toBeTruthy();
    cleanup();
    api(tapResult());
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE, token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Lights' })).toBeTruthy();
    expect(screen.queryByText('Delivered: thanks for confirming.')).toBeNull();
  });

  it('offers no handover to a tap that is not its owner’s', async () => {
    api(tapResult());
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Lights' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hand over' })).toBeNull();
  });

  it('tells whose a sold chip is, what it sold for and when, and links to its page (issue 27)', async () => {
    api(
      tapResult({
        chip: buildChip({
          status: 'sold',
          custody: 'with_owner',
          priceUsd: '80.00',
          ownerId: 12,
          ownerUsername: 'bob',
          lastSale: { priceCents: 2800, soldAt: '2030-03-04T12:00:00.000Z' },
        }),
      }),
    );
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE });
    expect(await screen.findByText('Sold on March 4, 2030 for $28.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '@bob' }).getAttribute('href')).toBe('/gallery/bob');
    // Creators are labelled as creators, never "Customer" (issue 27).
    expect(screen.getByText('Creator')).toBeTruthy();
    expect(screen.queryByText('Customer')).toBeNull();
    expect(screen.queryByText(/\$80\.00/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See its page and provenance' }).getAttribute('href')).toMatch(
      /^\/artchip\/maker\//,
    );
  });

  it('shows a guest owner as a collector, and a listed chip with its price and Buy', async () => {
    api(
      tapResult({
        chip: buildChip({
          status: 'active',
          priceUsd: '25.00',
          ownerUsername: null,
          ownerIsCollector: true,
          actions: { ...buildChip().actions, buy: true },
        }),
      }),
    );
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE });
    expect(await screen.findByText('For sale at $25.00')).toBeTruthy();
    expect(screen.getByText('A collector')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeTruthy();
  });

  it('a made chip never listed reads "Not for sale" (decision 062)', async () => {
    api(tapResult({ chip: buildChip({ status: 'pending', custody: 'with_owner', priceUsd: null }) }));
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE });
    expect(await screen.findByTestId('tap-sale-status')).toHaveProperty('textContent', 'Not for sale');
  });

  it('a chip taken down by an admin: the tag is genuine, the chip unavailable, never "not found"', async () => {
    api(tapResult({ chip: null, unavailable: true }));
    renderWithApp(<NfcTapPage />, { route: TAP_ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentic' })).toBeTruthy();
    expect(screen.getByText('This tag is genuine, but its Artchip is unavailable.')).toBeTruthy();
    expect(screen.queryByText(/not found/i)).toBeNull();
  });
});
