// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { CONFIRM_BUYER_INVALID_MESSAGE } from '#shared/orders.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import ConfirmOrderPage from './confirm-order-page.tsx';

afterEach(cleanup);

describe('ConfirmOrderPage', () => {
  it('adds the order only when its owner presses the button', async () => {
    const { callsTo } = mockApi({
      'POST /api/orders/41/confirm-buyer': () => ({ body: { orderId: 41, confirmed: true } }),
    });
    renderWithApp(<ConfirmOrderPage />, { route: '/confirm-order?orderId=41&token=tok' });
    expect(screen.getByRole('heading', { name: 'Is This Your Order?' })).toBeTruthy();
    expect(callsTo('POST /api/orders/41/confirm-buyer')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add to My Account' }));
    expect(await screen.findByRole('heading', { name: 'Order Added' })).toBeTruthy();
    expect(callsTo('POST /api/orders/41/confirm-buyer')[0]?.body).toEqual({ token: 'tok' });
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/my-orders');
  });

  it('shows the server’s words for a used link, and explains a link without its token', async () => {
    mockApi({
      'POST /api/orders/41/confirm-buyer': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: CONFIRM_BUYER_INVALID_MESSAGE },
      }),
    });
    renderWithApp(<ConfirmOrderPage />, { route: '/confirm-order?orderId=41&token=used' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to My Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONFIRM_BUYER_INVALID_MESSAGE);
    cleanup();
    renderWithApp(<ConfirmOrderPage />, { route: '/confirm-order?orderId=41' });
    expect(screen.getByRole('heading', { name: 'Invalid Link' })).toBeTruthy();
  });
});
