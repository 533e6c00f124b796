// @vitest-environment jsdom
import { REFUND_RULE } from '#shared/refund-rule.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  buildChip,
  buildOrder,
  buildSettings,
  buildSiteInfo,
  mockApi,
  renderWithApp,
} from '#web/lib/testing.tsx';
import StripeProcessingPage from './stripe-processing-page.tsx';

afterEach(cleanup);

const CHIP = buildChip({ imageUrl: '/media/h.webp' });

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
      'GET /api/site-info': () => ({ body: buildSiteInfo({ demoPayments: true }) }),
      'POST /api/orders/4/complete': () => ({ body: { order: buildOrder({ id: 4 }) } }),
    });
    const { history } = renderWithApp(<StripeProcessingPage />, {
      route: '/stripe-processing?orderId=4&amount=40.00&artchipId=9&email=g%40x.co&newAccount=true',
    });
    expect(screen.getByRole('heading', { name: 'Complete Your Purchase' })).toBeTruthy();
    expect(screen.getByText('Secure payment')).toBeTruthy();
    expect(await screen.findByText('Harbor Lights')).toBeTruthy();
    expect(screen.getByText('by maker')).toBeTruthy();
    // Only what the buyer pays: the platform fee is the seller's (issue 27); the refund rule, as everywhere.
    expect(await screen.findByText(REFUND_RULE)).toBeTruthy();
    expect(screen.queryByText(/Marketplace fee|historical high/)).toBeNull();
    expect(screen.getByText('Demo')).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay Now $40.00' }));
    await waitFor(() => expect(history.location.pathname).toBe('/checkout-success'));
    expect(history.location.search).toBe('?orderId=4&email=g%40x.co&newAccount=true');
    expect(callsTo('POST /api/orders/4/complete')).toHaveLength(1);
  });
});
