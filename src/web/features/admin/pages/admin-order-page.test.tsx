// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AdminOrderDetail } from '#shared/orders.schemas.ts';
import {
  NO_ADMIN_ORDER_ACTIONS as NO_ACTIONS,
  buildAdminOrderDetail as buildDetail,
  buildLedgerLine,
  buildRefund,
  mockApi,
  renderWithApp,
  type ApiHandler,
} from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import AdminOrderPage from './admin-order-page.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function renderPage(detail: AdminOrderDetail, routes: Record<string, ApiHandler> = {}) {
  window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}');
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    [`GET /api/admin/orders/${detail.id}`]: () => ({ body: detail }),
    [`GET /api/admin/orders/${detail.id}/money`]: () => ({
      body: { lines: [buildLedgerLine()], refunds: [], netCashCents: 5000 },
    }),
    ...routes,
  });
  renderWithApp(<AdminOrderPage />, { path: '/admin/orders/:id', route: `/admin/orders/${detail.id}` });
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

  it('shows the creator’s design from the mint studio before the chip is made, and the chip as made after', async () => {
    const crop = { x: 0.4, y: 0.55, zoom: 1.5, rotation: 90 };
    renderPage(
      buildDetail({
        orderType: 'mint',
        mintTitle: 'Sunrise',
        originalImageUrl: '/media/sunrise.png',
        item: null,
        mintDesign: { shape: 'square', crop },
      }),
    );
    const item = within(await screen.findByRole('region', { name: 'Item' }));
    const disc = item.getByRole('img', {
      name: 'Sunrise: square Artchip, zoom 1.5×, turned 90°, centre at 40% across and 55% down',
    });
    expect(disc.dataset.shape).toBe('square');
    expect(disc.querySelector('img')?.style.transform).toBe('rotate(90deg)');
    expect(item.getByText("Square (the creator's choice)")).toBeTruthy();
    expect(item.queryByRole('button', { name: 'Production sheet' })).toBeNull();
    cleanup();

    renderPage(
      buildDetail({
        orderType: 'mint',
        mintDesign: { shape: 'square', crop },
        item: { ...buildDetail().item!, crop, imageWidth: 1000, imageHeight: 500 },
      }),
    );
    const made = within(await screen.findByRole('region', { name: 'Item' }));
    expect(made.getByText('zoom 1.5×, turned 90°, centre at 40% across and 55% down')).toBeTruthy();
    // A 2:1 image at zoom 1.5 is three discs wide.
    expect(
      made.getByRole('img', { name: /^Harbor Lights: square Artchip/ }).querySelector('img')?.style.width,
    ).toBe('300%');
    expect(made.getByRole('button', { name: 'Production sheet' })).toBeTruthy();
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

  it('shows the money of the order, and refunds it from there, refreshing the order and its money', async () => {
    let detail = buildDetail({ actions: { ...NO_ACTIONS, refund: true } });
    let refunds = [] as ReturnType<typeof buildRefund>[];
    const { user, callsTo } = renderPage(detail, {
      'GET /api/admin/orders/42': () => ({ body: detail }),
      'GET /api/admin/orders/42/money': () => ({
        body: { lines: [buildLedgerLine()], refunds, netCashCents: refunds.length ? 0 : 5000 },
      }),
      'POST /api/admin/orders/42/refund': () => {
        const refund = buildRefund({ note: 'Broken in the workshop' });
        detail = {
          ...detail,
          paymentStatus: 'refunded',
          actions: NO_ACTIONS,
          timeline: [
            ...detail.timeline,
            {
              type: 'refunded',
              actorUsername: 'admin',
              data: { reason: 'Broken in the workshop' },
              createdAt: '2030-01-03T00:00:00.000Z',
            },
          ],
        };
        refunds = [refund];
        return { status: 201, body: refund };
      },
    });
    const actions = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(actions.getByText('This order can be refunded from its Money section below.')).toBeTruthy();
    expect(actions.queryByText(/No action is open/)).toBeNull();

    const money = within(screen.getByRole('region', { name: 'Money' }));
    expect(await money.findByRole('table', { name: 'Ledger lines' })).toBeTruthy();
    await user.click(money.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #42' });
    await user.type(within(dialog).getByLabelText('Reason (the buyer reads this)'), 'Broken in the workshop');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $50.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /api/admin/orders/42/refund').map((c) => c.body)).toEqual([
      { reason: 'Broken in the workshop' },
    ]);
    expect(await money.findByRole('listitem', { name: 'Refund #1' })).toBeTruthy();
    expect(money.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(callsTo('GET /api/admin/orders/42').length).toBe(2);
    expect(callsTo('GET /api/admin/orders/42/money').length).toBe(2);
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText('Refunded')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Refunded')).toBeTruthy();
    // The button is gone, so focus lands on the section's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Money' })));
  });

  it('puts an insured shipment on the packing details, and the insurance on the payment', async () => {
    renderPage(
      buildDetail({
        totalCents: 102_500,
        payment: {
          ...buildDetail().payment,
          basePriceCents: 100_000,
          insuranceCents: 1500,
          totalCents: 102_500,
        },
        packing: {
          declaredValueCents: 100_000,
          isInsured: true,
          requiresSignature: true,
          insuranceCents: 1500,
        },
      }),
    );
    const packing = within(await screen.findByRole('group', { name: 'Packing details' }));
    expect(packing.getByRole('note').textContent).toBe(
      'Insured, signature on delivery. Book it with the carrier insured for $1,000.00 and signed for on delivery.',
    );
    expect(packing.getByText('Required')).toBeTruthy();
    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Insurance and signature on delivery')).toBeTruthy();
    expect(payment.getByText('$15.00')).toBeTruthy();
  });

  it('says why a paid order cannot be refunded here once it has shipped', async () => {
    renderPage(
      buildDetail({
        orderStatus: 'shipped',
        actions: NO_ACTIONS,
        refundRefusal: 'Shipped orders are refunded through a buyer protection case.',
      }),
    );
    const actions = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(actions.getByRole('note').textContent).toBe(
      'No refund here: Shipped orders are refunded through a buyer protection case.',
    );
  });

  it('says when the order does not exist', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}');
    mockApi({});
    renderWithApp(<AdminOrderPage />, { path: '/admin/orders/:id', route: '/admin/orders/999' });
    expect(await screen.findByText('Order not found.')).toBeTruthy();
  });
});
