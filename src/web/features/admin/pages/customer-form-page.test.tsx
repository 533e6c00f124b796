// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AdminCustomerDetail } from '#shared/admin.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import CustomerFormPage from './customer-form-page.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function customer(overrides: Partial<AdminCustomerDetail> = {}): AdminCustomerDetail {
  return {
    id: 42,
    username: 'frozen_seller',
    email: 'frozen@example.com',
    firstName: 'Fro',
    lastName: 'Zen',
    profileImageUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    totalMinted: 0,
    totalPurchased: 0,
    totalSpentCents: 0,
    phone: null,
    paypalEmail: 'frozen@paypal.example',
    affiliateCode: 'FROZEN',
    referredBy: null,
    isEmailVerified: true,
    role: 'user',
    payoutsFrozenAt: '2026-11-28T14:00:00.000Z',
    shippingAddresses: [],
    mintedArtchips: [],
    purchasedArtchips: [],
    ...overrides,
  };
}

function setup(unfreeze: () => { status?: number; body: unknown }) {
  let frozen = true;
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/customers/42': () => ({
      body: customer(frozen ? {} : { payoutsFrozenAt: null }),
    }),
    'POST /api/admin/payouts/users/42/unfreeze': () => {
      const answer = unfreeze();
      if (!answer.status) frozen = false;
      return answer;
    },
  });
  renderWithApp(<CustomerFormPage />, { route: '/siteadmin/customers/42', path: '/siteadmin/customers/:id' });
  return { ...api, user: userEvent.setup() };
}

describe("the customer page's payouts", () => {
  it('shows a freeze, and unfreezes after a confirmation, with the note for the audit log', async () => {
    const { user, callsTo } = setup(() => ({ body: { message: 'Payouts to this account are unfrozen.' } }));
    const panel = within(await screen.findByRole('region', { name: 'Payouts' }));
    expect(panel.getByText('Payouts frozen')).toBeTruthy();
    expect(panel.getByText(/^Since Nov 28, 2026 at 14:00 UTC: the customer said/)).toBeTruthy();

    // Cancel asks nothing of the server.
    await user.click(panel.getByRole('button', { name: 'Unfreeze payouts' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Unfreeze payouts?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST /api/admin/payouts/users/42/unfreeze')).toHaveLength(0);

    await user.click(panel.getByRole('button', { name: 'Unfreeze payouts' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Unfreeze payouts?' }));
    await user.type(dialog.getByLabelText('Note for the audit log (optional)'), 'Called them, it was them');
    await user.click(dialog.getByRole('button', { name: 'Unfreeze payouts' }));
    expect(await panel.findByText('Payouts are not frozen.')).toBeTruthy();
    expect(callsTo('POST /api/admin/payouts/users/42/unfreeze').map((c) => c.body)).toEqual([
      { note: 'Called them, it was them' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(panel.queryByRole('button', { name: 'Unfreeze payouts' })).toBeNull();
  });

  it("keeps the dialog open with the server's answer when the unfreeze is refused", async () => {
    const { user } = setup(() => ({
      status: 422,
      body: { code: 'UNPROCESSABLE', message: 'Payouts to this account are not frozen.' },
    }));
    const panel = within(await screen.findByRole('region', { name: 'Payouts' }));
    await user.click(panel.getByRole('button', { name: 'Unfreeze payouts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unfreeze payouts?' }));
    await user.click(dialog.getByRole('button', { name: 'Unfreeze payouts' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Payouts to this account are not frozen.');
  });
});
