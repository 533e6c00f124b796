// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PayableBalance } from '#shared/payouts.schemas.ts';
import { buildPayout, mockApi, renderWithApp, type ApiHandler } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { PayoutsTab } from './payouts-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const SELLER: PayableBalance = {
  userId: 7,
  username: 'seller',
  email: 'seller@example.com',
  kind: 'seller',
  payableCents: 2800,
  paypalEmail: 'seller@paypal.example',
  destinationSetAt: null,
  payableFrom: null,
  payoutsFrozen: false,
};

const AFFILIATE: PayableBalance = {
  userId: 8,
  username: 'friend',
  email: 'friend@example.com',
  kind: 'affiliate',
  payableCents: 300,
  paypalEmail: null,
  destinationSetAt: null,
  payableFrom: null,
  payoutsFrozen: false,
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
      [
        '',
        'sellerseller@example.com',
        'Sale proceeds',
        'seller@paypal.example',
        'Long-standing',
        '$28.00',
        'Pay out',
      ],
      ['', 'friendfriend@example.com', 'Affiliate commissions', 'None', 'Long-standing', '$3.00', 'Pay out'],
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
        body: buildPayout({ txReference: 'BANK-1' }),
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

  describe('Pay selected', () => {
    it('asks to choose a balance first, and checks the reference with the schema', async () => {
      const { user, callsTo } = setup();
      await user.click(await screen.findByRole('button', { name: 'Pay selected' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one balance to pay');
      expect(screen.queryByRole('dialog')).toBeNull();

      await user.click(screen.getByRole('checkbox', { name: 'Select seller (sale proceeds)' }));
      await user.click(screen.getByLabelText('Reference for selected (optional)'));
      await user.paste('x'.repeat(201));
      await user.click(screen.getByRole('button', { name: 'Pay selected' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Reference must be at most 200 characters');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callsTo('POST /api/admin/payouts/batch')).toHaveLength(0);
    });

    it('pays the selected balances after confirming, then shows each result and keeps failures selected', async () => {
      const { user, callsTo, setBalances } = setup({
        'POST /api/admin/payouts/batch': () => ({
          body: {
            results: [
              {
                userId: 7,
                kind: 'seller',
                payout: buildPayout({ method: 'paypal_payouts', status: 'pending', txReference: 'BATCH-1' }),
                error: null,
              },
              { userId: 8, kind: 'affiliate', payout: null, error: 'This affiliate has no PayPal e-mail.' },
            ],
          },
        }),
      });
      const selectAll = await screen.findByRole('checkbox', { name: 'Select all balances' });
      await user.click(selectAll);
      expect(screen.getByText('2 selected · $31.00')).toBeTruthy();
      await user.type(screen.getByLabelText('Reference for selected (optional)'), 'BATCH-1');
      await user.click(screen.getByRole('button', { name: 'Pay selected' }));

      const dialog = screen.getByRole('dialog', { name: 'Pay selected balances' });
      expect(within(dialog).getByText(/^Pay 2 balances, \$31\.00 in all\?/)).toBeTruthy();
      setBalances([AFFILIATE]);
      await user.click(within(dialog).getByRole('button', { name: 'Pay $31.00' }));

      const results = await screen.findByRole('table', { name: 'Result per payee' });
      expect(callsTo('POST /api/admin/payouts/batch').map((c) => c.body)).toEqual([
        {
          items: [
            { userId: 7, kind: 'seller' },
            { userId: 8, kind: 'affiliate' },
          ],
          txReference: 'BATCH-1',
        },
      ]);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(
        within(results)
          .getAllByRole('row')
          .slice(1)
          .map((row) =>
            within(row)
              .getAllByRole('cell')
              .map((cell) => cell.textContent),
          ),
      ).toEqual([
        ['seller', 'Sale proceeds', '$28.00', 'PayPal Payouts', 'PendingBATCH-1'],
        ['friend', 'Affiliate commissions', '$3.00', '—', 'Not paid: This affiliate has no PayPal e-mail.'],
      ]);
      const region = within(screen.getByRole('region', { name: 'Batch results' }));
      expect(region.getByText('1 paid, 1 not paid.')).toBeTruthy();
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Batch results' })),
      );
      // And it stays there once the dialog has closed.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Batch results' }));
      // The paid seller left the list; the affiliate that failed stays selected for another try.
      await waitFor(() =>
        expect(screen.queryByRole('checkbox', { name: 'Select seller (sale proceeds)' })).toBeNull(),
      );
      expect(
        screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select friend (affiliate commissions)' })
          .checked,
      ).toBe(true);
    });

    it("shows the server's message when the batch is refused", async () => {
      const { user } = setup({
        'POST /api/admin/payouts/batch': () => ({
          status: 409,
          body: { code: 'CONFLICT', message: 'Another batch is being paid right now.' },
        }),
      });
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select friend (affiliate commissions)' }),
      );
      await user.click(screen.getByRole('button', { name: 'Pay selected' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay $3.00' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Another batch is being paid right now.');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('table', { name: 'Result per payee' })).toBeNull();
    });
  });
});
