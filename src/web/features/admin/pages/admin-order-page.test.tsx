// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AdminOrderActions, AdminOrderDetail } from '#shared/orders.schemas.ts';
import { mockApi, renderWithApp, type ApiHandler } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import AdminOrderPage from './admin-order-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const NO_ACTIONS: AdminOrderActions = {
  markProcessing: false,
  markCompleted: false,
  markShipped: false,
  markDelivered: false,
  createArtchip: false,
  uploadMedia: false,
};

/** A paid ship-to-me purchase of a made chip, leaving the vault for its buyer. */
function buildDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 42,
    orderType: 'purchase',
    mintTitle: null,
    mintDescription: null,
    mintAssociatedUrl: null,
    originalImageUrl: null,
    isSurprize: false,
    adminMedia: null,
    mediaState: null,
    buyerId: 9,
    username: 'buyer',
    email: 'buyer@example.com',
    orderStatus: 'processing',
    paymentStatus: 'completed',
    paymentMethod: 'card',
    totalCents: 5000,
    shippingOption: 'ship',
    shippingAddress: {
      name: 'Bea Buyer',
      addressLine1: '1 Main Street',
      addressLine2: null,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
    artchipId: 7,
    carrier: null,
    trackingNumber: null,
    canCreateArtchip: false,
    actions: { ...NO_ACTIONS, markCompleted: true, markShipped: true },
    createdAt: '2030-01-01T00:00:00.000Z',
    item: {
      artchipId: 7,
      title: 'Harbor Lights',
      imageUrl: '/media/harbor.webp',
      unitId: '12345678901234',
      shape: 'square',
      creatorUsername: 'maker',
      slug: 'harbor-lights',
      ownerUsername: 'buyer',
      custody: 'dispatching',
    },
    payment: {
      method: 'card',
      provider: 'stripe',
      providerRef: 'pi_123',
      basePriceCents: 4000,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 1000,
      totalCents: 5000,
      artchipAmount: null,
      paidAt: '2030-01-01T00:01:00.000Z',
      flagged: null,
    },
    timeline: [
      { type: 'placed', actorUsername: 'buyer', data: {}, createdAt: '2030-01-01T00:00:00.000Z' },
      {
        type: 'paid',
        actorUsername: null,
        data: { provider: 'stripe' },
        createdAt: '2030-01-01T00:01:00.000Z',
      },
    ],
    ...overrides,
  };
}

function renderPage(detail: AdminOrderDetail, routes: Record<string, ApiHandler> = {}) {
  window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    [`GET /api/admin/orders/${detail.id}`]: () => ({ body: detail }),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/admin/orders/:id" element={<AdminOrderPage />} />
    </Routes>,
    { route: `/admin/orders/${detail.id}` },
  );
  return { ...api, user: userEvent.setup() };
}

describe('AdminOrderPage', () => {
  it('shows the item, where it goes, the payment and the timeline', async () => {
    renderPage(buildDetail());
    const item = within(await screen.findByRole('region', { name: 'Item' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect(item.getByRole('link', { name: 'Harbor Lights' }).getAttribute('href')).toBe(
      '/artchip/maker/harbor-lights',
    );
    expect(item.getByText('12345678901234')).toBeTruthy();
    expect(item.getByText('Square')).toBeTruthy();
    expect(item.getByText('Waiting to be shipped')).toBeTruthy();
    expect(item.getByText('@buyer')).toBeTruthy();

    const shipTo = within(screen.getByRole('region', { name: 'Ship to' }));
    expect(shipTo.getByText(/1 Main Street/)).toBeTruthy();
    expect(shipTo.getByText('buyer@example.com')).toBeTruthy();

    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Credit Card')).toBeTruthy();
    expect(payment.getByText('Stripe')).toBeTruthy();
    expect(payment.getByText('pi_123')).toBeTruthy();
    expect(payment.getByText('$40.00')).toBeTruthy();
    expect(payment.getByText('$10.00')).toBeTruthy();
    expect(payment.getByText('$50.00')).toBeTruthy();

    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText('Order placed')).toBeTruthy();
    expect(timeline.getByText(/by @buyer/)).toBeTruthy();
    expect(timeline.getByText('Payment received')).toBeTruthy();
    expect(timeline.getByText(/by the system/)).toBeTruthy();
  });

  it('shows a token amount only for an order paid with the token', async () => {
    const quoted = buildDetail().payment;
    renderPage(buildDetail({ payment: { ...quoted, artchipAmount: '50000.000000' } }));
    const card = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(card.getByText('Credit Card')).toBeTruthy();
    expect(card.queryByText('Token amount')).toBeNull();
    cleanup();

    renderPage(
      buildDetail({
        paymentMethod: 'artchip',
        payment: { ...quoted, method: 'artchip', provider: 'solana', artchipAmount: '50000.000000' },
      }),
    );
    const token = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(token.getByText('Token amount').nextElementSibling?.textContent).toBe('50,000 $ARTCHIP');
  });

  it('offers exactly the actions the order allows', async () => {
    renderPage(buildDetail());
    const actions = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Mark Completed',
      'Mark Shipped',
    ]);
    cleanup();

    // A paid mint marked Processing can still get its chip made (#1).
    renderPage(
      buildDetail({
        id: 43,
        orderType: 'mint',
        mintTitle: 'Sunrise',
        isSurprize: true,
        mediaState: 'Needs Media',
        orderStatus: 'processing',
        shippingOption: 'store',
        shippingAddress: null,
        item: null,
        artchipId: null,
        actions: { ...NO_ACTIONS, createArtchip: true, uploadMedia: true },
      }),
    );
    const mint = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(mint.getAllByRole('button').map((b) => b.textContent)).toEqual(['Create Artchip', 'Upload Media']);
    expect(screen.getByText('Kept in our vault: nothing to ship.')).toBeTruthy();
    expect(screen.getByText(/is not made yet/)).toBeTruthy();
    cleanup();

    renderPage(buildDetail({ id: 44, orderStatus: 'delivered', actions: NO_ACTIONS }));
    const none = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(none.queryAllByRole('button')).toHaveLength(0);
    expect(none.getByText('No action is open for this order in its current state.')).toBeTruthy();
  });

  it('marks an order delivered, and ships one with its carrier and tracking number', async () => {
    const shipped = buildDetail({
      orderStatus: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      actions: { ...NO_ACTIONS, markDelivered: true },
    });
    const { user, callsTo } = renderPage(shipped, {
      'PATCH /api/admin/orders/42/status': () => ({ body: {} }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Delivered for order 42' }));
    await waitFor(() =>
      expect(callsTo('PATCH /api/admin/orders/42/status')[0]?.body).toEqual({ status: 'delivered' }),
    );
    cleanup();

    const second = renderPage(buildDetail(), { 'PATCH /api/admin/orders/42/status': () => ({ body: {} }) });
    await second.user.click(await screen.findByRole('button', { name: 'Mark Shipped for order 42' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark Shipped' });
    await second.user.click(within(dialog).getByRole('button', { name: 'Mark Shipped' }));
    expect(await within(dialog).findByText('Carrier is required')).toBeTruthy();
    await second.user.type(within(dialog).getByLabelText('Carrier'), 'UPS');
    await second.user.type(within(dialog).getByLabelText('Tracking number'), '1Z999');
    await second.user.click(within(dialog).getByRole('button', { name: 'Mark Shipped' }));
    await waitFor(() =>
      expect(second.callsTo('PATCH /api/admin/orders/42/status')[0]?.body).toEqual({
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999',
      }),
    );
  });

  it('says when the order does not exist', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    mockApi({});
    renderWithApp(
      <Routes>
        <Route path="/admin/orders/:id" element={<AdminOrderPage />} />
      </Routes>,
      { route: '/admin/orders/999' },
    );
    expect(await screen.findByText('Order not found.')).toBeTruthy();
  });
});
