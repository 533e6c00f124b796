// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Accounting, Reconciliation } from '#shared/ledger.schemas.ts';
import type { Reporting } from '#shared/reporting.schemas.ts';
import { mockApi, renderWithApp, type ApiCall, type ApiHandler } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { AccountingTab } from './accounting-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** The server's answer for a range: one card day, one payouts day, and the totals. */
function accountingFor(from: string, to: string): Accounting {
  return {
    from,
    to,
    rows: [
      {
        day: from,
        provider: 'stripe',
        moneyInCents: 10000,
        refundsCents: -2500,
        feesCents: 1500,
        payoutsCents: 0,
      },
      { day: to, provider: 'payouts', moneyInCents: 0, refundsCents: 0, feesCents: 0, payoutsCents: -6000 },
    ],
    totals: { moneyInCents: 10000, refundsCents: -2500, feesCents: 1500, payoutsCents: -6000 },
  };
}

const BALANCED: Reconciliation = {
  checkedAt: '2030-01-31T12:00:00.000Z',
  orderCount: 12,
  lineCount: 1234,
  capturedCents: 123450,
  refundedCents: 2500,
  owedToSellersCents: 40000,
  owedToAffiliatesCents: 300,
  owedToBuyersCents: 0,
  orderMismatches: [],
  balanceMismatches: [],
  isBalanced: true,
};

/** The reporting panel's year without sales (reporting-panel.test.tsx tests the panel). */
const NO_SALES: Reporting = {
  year: 2030,
  years: [2030],
  thresholds: { form1099kGrossCents: 2_000_000, form1099kSales: 200, dac7GrossCents: 200_000, dac7Sales: 30 },
  sellers: [],
  totals: { sellers: 0, salesCount: 0, grossCents: 0, over1099k: 0, overDac7: 0 },
};

/** The server reads the range from the query; without one it answers the last 30 days. */
function answerAccounting(call: ApiCall) {
  const params = new URLSearchParams(call.search);
  return { body: accountingFor(params.get('from') ?? '2030-01-02', params.get('to') ?? '2030-01-31') };
}

function setup(routes: Record<string, ApiHandler> = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/accounting': answerAccounting,
    'GET /api/admin/ledger/reconciliation': () => ({ body: BALANCED }),
    'GET /api/admin/accounting/reporting': () => ({ body: NO_SALES }),
    ...routes,
  });
  renderWithApp(<AccountingTab />);
  return { ...api, user: userEvent.setup() };
}

/** Each row's cells, header cells included (the totals row starts with its "Total" header). */
function cellsOf(rows: HTMLElement[]): (string | null)[][] {
  return rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('AccountingTab', () => {
  it("shows the server's default range per day and provider with totals, and links its CSV", async () => {
    const { callsTo } = setup();
    const table = await screen.findByRole('table', {
      name: 'Accounting from 2030-01-02 to 2030-01-31, by day and provider',
    });
    expect(callsTo('GET /api/admin/accounting')[0]?.search).toBe('');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Provider', 'Money in', 'Refunds', 'Fees', 'Payouts']);
    expect(cellsOf(within(table).getAllByRole('row').slice(1))).toEqual([
      ['2030-01-02', 'Stripe', '$100.00', '-$25.00', '$15.00', '$0.00'],
      ['2030-01-31', 'Payouts', '$0.00', '$0.00', '$0.00', '-$60.00'],
      ['Total', '$100.00', '-$25.00', '$15.00', '-$60.00'],
    ]);
    // The inputs show the range the server chose.
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2030-01-02');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2030-01-31');
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/accounting.csv?from=2030-01-02&to=2030-01-31');
    expect(csv.getAttribute('download')).toBe('accounting-2030-01-02-to-2030-01-31.csv');
  });

  it('puts the table in a named, focusable scroll region, so a keyboard can scroll it on a phone', async () => {
    setup();
    const name = 'Accounting from 2030-01-02 to 2030-01-31, by day and provider';
    const table = await screen.findByRole('table', { name });
    const region = screen.getByRole('region', { name });
    expect(region.contains(table)).toBe(true);
    expect(region.tabIndex).toBe(0);
  });

  it('loads a chosen range, refuses one that ends before it starts, and downloads the CSV with the token', async () => {
    const { callsTo, fetchMock, user } = setup({
      'GET /api/admin/accounting.csv': () => ({ body: 'day,provider\n' }),
    });
    await screen.findByRole('table', { name: /^Accounting from/ });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-10' } });
    expect(
      await screen.findByRole('table', {
        name: 'Accounting from 2030-01-10 to 2030-01-31, by day and provider',
      }),
    ).toBeTruthy();
    expect(callsTo('GET /api/admin/accounting').at(-1)?.search).toBe('?from=2030-01-10&to=2030-01-31');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-01-05' } });
    expect((await screen.findByRole('alert')).textContent).toBe('From must be on or before To');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('table', { name: /^Accounting from/ })).toBeNull();
    const asked = callsTo('GET /api/admin/accounting').length;

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-01-20' } });
    await screen.findByRole('table', {
      name: 'Accounting from 2030-01-10 to 2030-01-20, by day and provider',
    });
    expect(callsTo('GET /api/admin/accounting').length).toBe(asked + 1);

    // jsdom has no object URLs, nor navigation to follow the saved file's link.
    const createObjectURL = vi.fn(() => '#saved');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(screen.getByRole('link', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(callsTo('GET /api/admin/accounting.csv')[0]?.search).toBe('?from=2030-01-10&to=2030-01-20');
    const csvCall = fetchMock.mock.calls.find(
      ([url]) => typeof url === 'string' && url.startsWith('/api/admin/accounting.csv'),
    );
    // The admin session is the HttpOnly cookie the browser sends along; no token in a header.
    expect(csvCall?.[1]?.credentials).toBe('same-origin');
    expect((csvCall?.[1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("shows the server's message when the accounting cannot be loaded", async () => {
    setup({
      'GET /api/admin/accounting': () => ({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'Use a date like 2026-01-31' },
      }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Use a date like 2026-01-31');
  });

  it('says the ledger is balanced, with its figures', async () => {
    setup();
    const panel = within(await screen.findByRole('region', { name: 'Reconciliation' }));
    expect((await panel.findByText('Ledger balanced')).getAttribute('role')).toBe('status');
    const figures = Object.fromEntries(
      panel.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      Captured: '$1,234.50',
      Refunded: '$25.00',
      'Owed to sellers': '$400.00',
      'Owed to affiliates': '$3.00',
      'Owed to buyers': '$0.00',
      'Ledger lines': '1,234',
      Orders: '12',
    });
  });

  it('raises an alert listing the orders and balances that do not match', async () => {
    const { user, callsTo } = setup({
      'GET /api/admin/ledger/reconciliation': () => ({
        body: {
          ...BALANCED,
          isBalanced: false,
          orderMismatches: [{ orderId: 42, capturedCents: 5000, cashCents: 5000, allocatedCents: 4500 }],
          balanceMismatches: [{ userId: 5, account: 'seller', ledgerPaidOutCents: 2800, payoutsCents: 5600 }],
        },
      }),
    });
    const panel = within(await screen.findByRole('region', { name: 'Reconciliation' }));
    const alert = await panel.findByRole('alert');
    expect(alert.textContent).toMatch(/^Ledger does not balance1 order and 1 balance do not match\./);
    const orders = panel.getByRole('table', { name: 'Orders that do not match' });
    expect(within(orders).getByRole('link', { name: 'Order #42' }).getAttribute('href')).toBe(
      '/admin/orders/42',
    );
    expect(cellsOf(within(orders).getAllByRole('row').slice(1))).toEqual([
      ['Order #42', '$50.00', '$50.00', '$45.00'],
    ]);
    const balances = panel.getByRole('table', { name: 'Balances that do not match their payouts' });
    expect(cellsOf(within(balances).getAllByRole('row').slice(1))).toEqual([
      ['User #5', 'Seller', '$28.00', '$56.00'],
    ]);
    expect(panel.queryByText('Ledger balanced')).toBeNull();

    await user.click(panel.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(callsTo('GET /api/admin/ledger/reconciliation').length).toBe(2));
  });
});
