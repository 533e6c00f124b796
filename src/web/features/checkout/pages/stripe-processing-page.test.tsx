// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildOrder, buildSettings, mockApi, renderWithApp } from '../lib/testing.tsx';
import StripeProcessingPage from './stripe-processing-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHIP = {
  id: 9,
  title: 'Harbor Lights',
  slug: 'harbor-lights',
  description: null,
  price: '40000',
  priceUsd: '40.00',
  imageUrl: '/media/h.webp',
  imageVariants: [],
  imageWidth: 64,
  imageHeight: 64,
  originalImageUrl: null,
  adminImageUrl: null,
  additionalImageUrls: [],
  unitId: null,
  nfcUid: null,
  isAvailable: true,
  isActive: true,
  isForSale: true,
  isSurprize: false,
  creatorId: 5,
  creatorUsername: 'maker',
  ownerId: 5,
  ownerUsername: 'maker',
  associatedUrl: null,
  tiktokUrl: null,
  youtubeUrl: null,
  instagramUrl: null,
  xUrl: null,
  paypalEnabled: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  shape: 'round',
  status: 'active',
  shippingOption: 'store',
  isDemo: false,
};

describe('StripeProcessingPage', () => {
  it('refuses missing parameters', () => {
    mockApi({});
    renderWithApp(<StripeProcessingPage />, { route: '/stripe-processing?orderId=4' });
    expect(screen.getByRole('heading', { name: 'Payment Error' })).toBeTruthy();
    expect(screen.getByText('Invalid payment parameters. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('summarises the order and pays with the demo card form', async () => {
    const { callsTo } = mockApi({
      'GET /api/artchip/9': () => ({ body: CHIP }),
      'GET /api/site-settings': () => ({ body: buildSettings({ platformFeePercent: '30.00' }) }),
      'GET /api/site-info': () => ({ body: { demoPayments: true } }),
      'POST /api/orders/4/complete': () => ({ body: { order: buildOrder({ id: 4 }) } }),
    });
    const { router } = renderWithApp(<StripeProcessingPage />, {
      route: '/stripe-processing?orderId=4&amount=40.00&artchipId=9&email=g%40x.co&newAccount=true',
    });
    expect(screen.getByRole('heading', { name: 'Complete Your Purchase' })).toBeTruthy();
    expect(screen.getByText('Secure payment')).toBeTruthy();
    expect(await screen.findByText('Harbor Lights')).toBeTruthy();
    expect(screen.getByText('by maker')).toBeTruthy();
    expect(await screen.findByText('Marketplace fee (30% of historical high price) included')).toBeTruthy();
    expect(screen.getByText('Demo')).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay Now $40.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout-success'));
    expect(router.state.location.search).toBe('?orderId=4&email=g%40x.co&newAccount=true');
    expect(callsTo('POST /api/orders/4/complete')).toHaveLength(1);
  });
});
