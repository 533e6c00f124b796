// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AdminStats } from '#shared/admin.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { OverviewTab } from './overview-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const STATS: AdminStats = {
  totalChips: 12,
  availableChips: 7,
  demoChips: 0,
  demoAvailableChips: 0,
  demoCatalogueNotForSale: false,
  activeSurprizeOrders: 2,
  ordersByStatus: { pending: 1, completed: 4 },
  revenueCents: 495_000,
  pendingPayoutsCents: 5034,
  pendingSellerPayoutsCents: 4734,
  pendingAffiliatePayoutsCents: 300,
  totalCustomers: 9,
};

describe('OverviewTab', () => {
  it('tells the admin to remove the demo catalogue once live payments make it unsellable', async () => {
    mockApi({
      'GET /api/admin/stats': () => ({
        body: { ...STATS, demoChips: 3, demoAvailableChips: 3, demoCatalogueNotForSale: true },
      }),
    });
    renderWithApp(<OverviewTab />);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Remove the demo catalogue');
    expect(notice.textContent).toContain('nobody can buy the 3 demo catalogue');
  });

  it('says nothing of the demo catalogue while payments are demos', async () => {
    mockApi({ 'GET /api/admin/stats': () => ({ body: { ...STATS, demoChips: 3, demoAvailableChips: 3 } }) });
    renderWithApp(<OverviewTab />);
    await screen.findByText('Revenue');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says that Revenue is the platform's income, not gross sales", async () => {
    mockApi({ 'GET /api/admin/stats': () => ({ body: STATS }) });
    renderWithApp(<OverviewTab />);
    const label = await screen.findByText('Revenue');
    const card = label.parentElement!;
    expect(card.textContent).toContain('$4,950.00');
    expect(card.textContent).toContain('Platform income: sale, mint and transfer fees');
    expect(card.textContent).toContain('Not gross sales');
  });

  it('says Pending Payouts counts sellers and affiliates, with each part', async () => {
    mockApi({ 'GET /api/admin/stats': () => ({ body: STATS }) });
    renderWithApp(<OverviewTab />);
    const card = (await screen.findByText('Pending Payouts')).parentElement!;
    expect(card.textContent).toContain('$50.34');
    expect(card.textContent).toContain('Owed, not yet paid: sellers $47.34, affiliates $3.00.');
  });
});
