// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PayableBalance } from '#shared/payouts.schemas.ts';
import { mockApi, renderWithApp, type ApiHandler } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { PayoutsTab } from './payouts-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SELLER: PayableBalance = {
  userId: 7,
  username: 'seller',
  email: 'seller@example.com',
  kind: 'seller',
  payableCents: 2800,
  paypalEmail: 'seller@paypal.example',
};

const AFFILIATE: PayableBalance = {
  userId: 8,
  username: 'friend',
  email: 'friend@example.com',
  kind: 'affiliate',
  payableCents: 300,
  paypalEmail: null,
};

function setup(routes: Record<string, ApiHandler> = {}, balances = [SELLER, AFFILIATE]) {
  let current = balances;
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/payouts': () => ({ body: current }),
    ...routes,
  });
  renderWithApp(<PayoutsTab />);
  return {
    ...api,
    user: userEvent.setup(),
    setBalances: (next: PayableBalance[]) => (current = next),
  };
}

const SELLER_BUTTON = 'Pay out seller (sale proceeds)';
const AFFILIATE_BUTTON = 'Pay out friend (affiliate commissions)';

describe('PayoutsTab', () => {
  it('lists every payable balance of sellers and affiliates', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Payable balances' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['sellerseller@example.com', 'Sale proceeds', 'seller@paypal.example', '$28.00', 'Pay out'],
      ['friendfriend@example.com', 'Affiliate commissions', 'None', '$3.00', 'Pay out'],
    ]);
    expect(screen.getByText('$31.00')).toBeTruthy();
  });

  it('says when nothing is payable', async () => {
    setup({}, []);
    expect(await screen.findByText('Nothing to pay out.')).toBeTruthy();
  });

  it('pays a seller with the reference after confirming the amount, then refreshes the list', async () => {
    const { user, callsTo, setBalances } = setup({
      'POST /api/admin/payouts/sellers/7': () => ({
        status: 201,
        body: {
          id: 1,
          kind: 'seller',
          amountCents: 2800,
          txReference: 'BANK-1',
          createdAt: '2030-01-02T00:00:00.000Z',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: SELLER_BUTTON }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out seller' });
    expect(within(dialog).getByText('$28.00')).toBeTruthy();
    expect(within(dialog).getByText('seller@paypal.example')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Transfer reference'), 'BANK-1');
    setBalances([AFFILIATE]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout of $28.00' }));

    expect(await screen.findByText('$28.00 paid to seller.')).toBeTruthy();
    expect(callsTo('POST /api/admin/payouts/sellers/7').map((c) => c.body)).toEqual([
      { txReference: 'BANK-1' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: SELLER_BUTTON })).toBeNull());
    expect(callsTo('GET /api/admin/payouts').length).toBe(2);
    // Its row is gone, so focus goes to the tab's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payouts' })),
    );
  });

  it("pays an affiliate through the spec's affiliate payout route", async () => {
    const { user, callsTo } = setup({
      'POST /api/admin/affiliate-payout/8': () => ({
        body: {
          id: 2,
          userId: 8,
          amountCents: 300,
          commissionCount: 2,
          txReference: null,
          adminId: 1,
          createdAt: '2030-01-02T00:00:00.000Z',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: AFFILIATE_BUTTON }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out friend' });
    expect(within(dialog).getByText('None on file')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout of $3.00' }));
    expect(await screen.findByText('$3.00 paid to friend.')).toBeTruthy();
    expect(callsTo('POST /api/admin/affiliate-payout/8').map((c) => c.body)).toEqual([{}]);
  });

  it('shows a refusal in the dialog and refreshes the list; closing returns focus to the button', async () => {
    const { user, callsTo } = setup({
      'POST /api/admin/payouts/sellers/7': () => ({
        status: 422,
        body: { code: 'UNPROCESSABLE', message: 'This seller has nothing to pay out yet.' },
      }),
    });
    const button = await screen.findByRole('button', { name: SELLER_BUTTON });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Pay out seller' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout of $28.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This seller has nothing to pay out yet.',
    );
    await waitFor(() => expect(callsTo('GET /api/admin/payouts').length).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('works from the keyboard: Enter opens the dialog on the reference field, Escape closes it', async () => {
    const { user } = setup();
    const button = await screen.findByRole('button', { name: AFFILIATE_BUTTON });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Pay out friend' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Transfer reference')),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("shows the schema's message for a reference that is too long", async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByRole('button', { name: SELLER_BUTTON }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out seller' });
    const field = within(dialog).getByLabelText('Transfer reference');
    await user.click(field);
    await user.paste('x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout of $28.00' }));
    expect(await within(dialog).findByText('Reference must be at most 200 characters')).toBeTruthy();
    expect(callsTo('POST /api/admin/payouts/sellers/7')).toHaveLength(0);
  });
});
