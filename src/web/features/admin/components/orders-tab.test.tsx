// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AdminOrder } from '#shared/orders.schemas.ts';
import { mockApi, NO_ADMIN_ORDER_ACTIONS, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { OrdersTab } from './orders-tab.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function buildOrder(overrides: Partial<AdminOrder>): AdminOrder {
  return {
    id: 1,
    orderType: 'mint',
    mintTitle: 'Sunrise',
    mintDescription: null,
    mintAssociatedUrl: null,
    originalImageUrl: null,
    isSurprize: false,
    adminMedia: null,
    mediaState: null,
    buyerId: 9,
    username: 'maker',
    email: 'maker@example.com',
    orderStatus: 'pending',
    paymentStatus: 'completed',
    paymentMethod: 'artchip',
    totalCents: 1500,
    shippingOption: 'ship',
    shippingAddress: null,
    artchipId: null,
    chipTitle: null,
    chipImageUrl: null,
    carrier: null,
    trackingNumber: null,
    deliveredBy: null,
    canCreateArtchip: false,
    actions: NO_ADMIN_ORDER_ACTIONS,
    refundRefusal: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('OrdersTab', () => {
  it("shows each row's buttons from its actions, and links the row to the order's page", async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}');
    mockApi({
      'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
      'GET /api/admin/orders': () => ({
        body: {
          items: [
            // Marked Processing, and its chip can still be made (#1).
            buildOrder({
              id: 1,
              orderStatus: 'processing',
              actions: { ...NO_ADMIN_ORDER_ACTIONS, createArtchip: true },
            }),
            // Made and kept in the vault when activated: a shipped mint status rule would offer Mark
            // Shipped here; the order's actions do not.
            buildOrder({ id: 2, orderStatus: 'completed', artchipId: 7, actions: NO_ADMIN_ORDER_ACTIONS }),
            buildOrder({
              id: 3,
              orderType: 'purchase',
              orderStatus: 'shipped',
              artchipId: 8,
              actions: { ...NO_ADMIN_ORDER_ACTIONS, markDelivered: true },
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderWithApp(<OrdersTab />);
    const first = within(await screen.findByTestId('order-1'));
    expect(first.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Create Artchip for order 1',
    ]);
    expect(first.getByRole('link', { name: 'Open order #1' }).getAttribute('href')).toBe('/admin/orders/1');
    expect(within(screen.getByTestId('order-2')).queryAllByRole('button')).toHaveLength(0);
    const third = within(screen.getByTestId('order-3'));
    expect(third.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark Delivered']);
  });

  it("names a shipping request's chip by its title, with its picture and where it ships (issue 27)", async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}');
    mockApi({
      'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
      'GET /api/admin/orders': () => ({
        body: {
          items: [
            buildOrder({
              id: 10,
              orderType: 'shipping',
              mintTitle: null,
              artchipId: 10,
              chipTitle: 'Harbor Lights',
              chipImageUrl: '/media/harbor-160.webp',
              shippingOption: 'ship',
              shippingAddress: {
                name: 'Ada Lovelace',
                addressLine1: '1 Main St',
                addressLine2: null,
                city: 'Springfield',
                state: 'IL',
                zipCode: '62701',
                country: 'US',
              },
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderWithApp(<OrdersTab />);
    const row = within(await screen.findByTestId('order-10'));
    expect(row.getByText('Harbor Lights')).toBeTruthy();
    expect(row.getByRole('img', { name: 'Harbor Lights' }).getAttribute('src')).toBe(
      '/media/harbor-160.webp',
    );
    expect(row.getByText(/Ship to:/).parentElement!.textContent).toContain(
      'Ship to: Ada Lovelace, 1 Main St, Springfield, IL 62701, United States',
    );
  });
});
