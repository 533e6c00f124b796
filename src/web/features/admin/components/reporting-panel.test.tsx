// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Reporting } from '#shared/reporting.schemas.ts';
import { mockApi, renderWithApp, type ApiCall, type ApiHandler } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { ReportingPanel } from './reporting-panel.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** The server's answer: 2030 by default (two sellers, one past both thresholds), 2029 without sales. */
function reportingFor(year: number): Reporting {
  const base = {
    years: [2030, 2029],
    thresholds: {
      form1099kGrossCents: 2_000_000,
      form1099kSales: 200,
      dac7GrossCents: 215_000,
      dac7Sales: 30,
    },
  };
  if (year === 2029) {
    return {
      ...base,
      year,
      sellers: [],
      totals: { sellers: 0, salesCount: 0, grossCents: 0, over1099k: 0, overDac7: 0 },
    };
  }
  return {
    ...base,
    year,
    sellers: [
      {
        userId: 7,
        username: 'big_seller',
        email: 'big@example.com',
        name: 'Ada Lovelace',
        salesCount: 250,
        grossCents: 2_500_000,
        over1099k: true,
        overDac7: true,
      },
      {
        userId: 9,
        username: 'small_seller',
        email: 'small@example.com',
        name: null,
        salesCount: 2,
        grossCents: 9_900,
        over1099k: false,
        overDac7: false,
      },
    ],
    totals: { sellers: 2, salesCount: 252, grossCents: 2_509_900, over1099k: 1, overDac7: 1 },
  };
}

function answer(call: ApiCall) {
  return { body: reportingFor(Number(new URLSearchParams(call.search).get('year') ?? 2030)) };
}

function setup(routes: Record<string, ApiHandler> = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/accounting/reporting': answer,
    ...routes,
  });
  renderWithApp(<ReportingPanel />);
  return { ...api, user: userEvent.setup() };
}

function cellsOf(rows: HTMLElement[]): (string | null)[][] {
  return rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('ReportingPanel', () => {
  it("shows the current year's sellers against the thresholds the server judged them by", async () => {
    const { callsTo } = setup();
    const table = await screen.findByRole('table', {
      name: "Sellers' sales in 2030 against the reporting thresholds",
    });
    expect(callsTo('GET /api/admin/accounting/reporting')[0]?.search).toBe('');
    expect(cellsOf(within(table).getAllByRole('row').slice(1))).toEqual([
      ['big_sellerAda Lovelace · big@example.com', '250', '$25,000.00', 'Past 1099-K', 'Past DAC7'],
      ['small_sellersmall@example.com', '2', '$99.00', '—Under 1099-K', '—Under DAC7'],
      ['Total', '252', '$25,099.00', '1', '1'],
    ]);
    expect(within(table).getByRole('link', { name: 'big_seller' }).getAttribute('href')).toBe(
      '/siteadmin/customers/7',
    );
    const region = within(screen.getByRole('region', { name: 'Reporting thresholds' }));
    expect(
      region
        .getByText(/^Sales of a seller/)
        .textContent?.endsWith(
          'US Form 1099-K: more than $20,000.00 and more than 200 sales. EU DAC7: 30 sales or more, or more than $2,150.00 (€2,000 held in USD). The figures are in Settings.',
        ),
    ).toBe(true);
    expect(region.getByText(/^2030:/).textContent).toBe(
      '2030: 2 sellers with sales; 1 seller past 1099-K, 1 seller past DAC7.',
    );
    const csv = screen.getByRole('link', { name: 'Download 2030 CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/accounting/reporting.csv?year=2030');
    expect(screen.getByLabelText<HTMLSelectElement>('Year').value).toBe('2030');
  });

  it('loads a chosen year and downloads its CSV', async () => {
    const { callsTo, user } = setup({
      'GET /api/admin/accounting/reporting.csv': () => ({ body: 'Year,Seller id\r\n' }),
    });
    await screen.findByRole('table', { name: /in 2030/ });
    await user.selectOptions(screen.getByLabelText('Year'), '2029');
    expect(await screen.findByText('No sales were paid in 2029.')).toBeTruthy();
    expect(callsTo('GET /api/admin/accounting/reporting').at(-1)?.search).toBe('?year=2029');
    expect(screen.queryByRole('table', { name: /in 2030/ })).toBeNull();

    const createObjectURL = vi.fn(() => '#saved');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(screen.getByRole('link', { name: 'Download 2029 CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(callsTo('GET /api/admin/accounting/reporting.csv')[0]?.search).toBe('?year=2029');
  });

  it("shows the server's message when the figures cannot be loaded", async () => {
    setup({
      'GET /api/admin/accounting/reporting': () => ({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'Choose a year from 2000 to 2999' },
      }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a year from 2000 to 2999');
  });
});
