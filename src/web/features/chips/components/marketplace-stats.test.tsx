// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MarketplaceStats } from '#shared/chips.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { MarketplaceStatsPanel } from './marketplace-stats.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NONE = { chipsListed: 0, chipsMinted: 0, activeCreators: 0, totalSalesCents: 0, collectors: 0 };

function show(stats: MarketplaceStats, variant: 'cards' | 'line') {
  mockApi({ 'GET /api/artchip/stats': () => ({ body: stats }) });
  renderWithApp(
    <MarketplaceStatsPanel
      keys={['chipsListed', 'chipsMinted', 'totalSales', 'collectors']}
      variant={variant}
    />,
  );
}

describe('MarketplaceStatsPanel (issue 27, decision 056)', () => {
  it('slim line: counts the demo catalogue in and says so in one short note', async () => {
    show({ ...NONE, demo: { ...NONE, chipsListed: 6, chipsMinted: 9, totalSalesCents: 2800 } }, 'line');
    expect(await screen.findByText('(incl. demo)')).toBeTruthy();
    const figures = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(figures.slice(0, 4)).toEqual(['6', '9', '$28.00', '0']);
  });

  it.each(['cards'] as const)(
    'counts the demo catalogue in and says so, never "0" beside demo chips for sale (%s)',
    async (variant) => {
      show({ ...NONE, demo: { ...NONE, chipsListed: 6, chipsMinted: 9, totalSalesCents: 2800 } }, variant);
      expect(await screen.findByText(/incl\. 6 demo/)).toBeTruthy();
      expect(screen.getByText(/incl\. 9 demo/)).toBeTruthy();
      expect(screen.getByText(/incl\. \$28\.00 demo/)).toBeTruthy();
      const figures = screen.getAllByRole('definition').map((dd) => dd.textContent);
      expect(figures[0]).toMatch(/^6/);
      expect(figures[2]).toMatch(/^\$28\.00/);
      // Collectors: none, real or demo, so no note.
      expect(figures[3]).toBe('0');
    },
  );

  it('shows real figures alone once there is no demo catalogue', async () => {
    show({ ...NONE, chipsListed: 3, chipsMinted: 4, demo: NONE }, 'line');
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.queryByText(/demo/)).toBeNull();
  });
});
