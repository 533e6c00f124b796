// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { Header } from './header.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Rendered in an awaited act: the header's lazy chunks suspend on first use. */
async function signedIn() {
  mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/my-attention': () => ({ body: { total: 0, items: [] } }),
  });
  await act(async () => {
    renderWithApp(<Header />, { token: 't' });
  });
}

describe('Header, signed in', () => {
  it('links My Artchips (never "My Admin") and My Orders in the header', async () => {
    await signedIn();
    await screen.findAllByRole('link', { name: 'My Orders' }, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const orders = within(nav).getByRole('link', { name: 'My Orders' });
    expect(orders.getAttribute('href')).toBe('/my-orders');
    const dashboard = within(nav).getByRole('link', { name: 'My Artchips' });
    expect(dashboard.getAttribute('href')).toBe('/my-artchip');
    expect(within(nav).queryByRole('link', { name: /My Admin/ })).toBeNull();
  });

  it('has My Orders and My Artchips in the phone menu', async () => {
    await signedIn();
    await screen.findAllByRole('link', { name: 'My Orders' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    expect(within(menu).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders');
    expect(within(menu).getByRole('link', { name: 'My Artchips' })).toBeTruthy();
  });
});
