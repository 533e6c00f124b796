// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Chip } from '#shared/chips.schemas.ts';
import { buildChip as buildTestChip, renderWithApp } from '#web/lib/testing.tsx';
import { ChipCard } from './chip-card.tsx';

afterEach(cleanup);

function buildChip(overrides: Partial<Chip> = {}): Chip {
  return buildTestChip({
    id: 7,
    title: 'Moonlit Harbor',
    slug: 'moonlit-harbor',
    description: 'Boats under a full moon.',
    price: '12500',
    priceUsd: '12.50',
    imageUrl: '/media/moon.webp',
    imageVariants: [
      { width: 800, url: '/media/moon-800.webp' },
      { width: 400, url: '/media/moon-400.webp' },
    ],
    imageWidth: 1200,
    imageHeight: 1200,
    unitId: '12345678901234',
    creatorId: 2,
    creatorUsername: 'harbor_artist',
    ownerId: 2,
    ownerUsername: 'harbor_artist',
    createdAt: '2025-01-05T12:00:00.000Z',
    ...overrides,
  });
}

function renderCard(chip: Chip, props: { isAboveFold?: boolean; density?: 'comfortable' | 'compact' } = {}) {
  // The app's providers: the card's heart asks who is signed in.
  return renderWithApp(<ChipCard chip={chip} {...props} />);
}

describe('ChipCard', () => {
  it('links the title to the chip page and the creator to their gallery', () => {
    renderCard(buildChip());
    expect(screen.getByRole('heading', { name: 'Moonlit Harbor' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Moonlit Harbor' }).getAttribute('href')).toBe(
      '/artchip/harbor_artist/moonlit-harbor',
    );
    expect(screen.getByRole('link', { name: '@harbor_artist' }).getAttribute('href')).toBe(
      '/gallery/harbor_artist',
    );
  });

  it('shows the USD price with 2 decimals and the token price in whole tokens', () => {
    renderCard(buildChip({ priceUsd: '1234.5', price: '1234500' }));
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('1,234,500 $ARTCHIP')).toBeTruthy();
  });

  it('pads a whole-dollar price to 2 decimals and says when a chip has no price', () => {
    const { unmount } = renderCard(buildChip({ priceUsd: '40', price: '40000' }));
    expect(screen.getByText('$40.00')).toBeTruthy();
    unmount();
    renderCard(buildChip({ priceUsd: null, price: null }));
    expect(screen.getByText('Price not set')).toBeTruthy();
    expect(screen.queryByText(/\$ARTCHIP/)).toBeNull();
  });

  it('shows the yellow demo banner only on demo chips', () => {
    const { unmount } = renderCard(buildChip({ isDemo: true }));
    const banner = screen.getByText('Demo Image - Not Actual Artchip');
    expect(banner.className).toContain('bg-yellow-300');
    unmount();
    renderCard(buildChip({ isDemo: false }));
    expect(screen.queryByText('Demo Image - Not Actual Artchip')).toBeNull();
  });

  it('marks a sold chip Sold and an available one Available', () => {
    const { unmount } = renderCard(buildChip({ isAvailable: false, status: 'sold' }));
    const article = screen.getByRole('article');
    expect(within(article).getByText('Sold')).toBeTruthy();
    expect(within(article).queryByText('Available')).toBeNull();
    unmount();
    renderCard(buildChip());
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.queryByText('Sold')).toBeNull();
  });

  it('shows what a sold chip sold for, not its old list price (issue 27), in both densities', () => {
    const sold = buildChip({
      status: 'sold',
      priceUsd: '80.00',
      lastSale: { priceCents: 2800, soldAt: '2030-03-04T12:00:00.000Z' },
    });
    for (const density of ['comfortable', 'compact'] as const) {
      const { unmount } = renderCard(sold, { density });
      const article = screen.getByRole('article');
      expect(within(article).getByText('$28.00')).toBeTruthy();
      expect(within(article).getByText(/Sold for/)).toBeTruthy();
      expect(within(article).queryByText('$80.00')).toBeNull();
      unmount();
    }
  });

  it('marks an unlisted chip Not for sale (never Sold) and a held one Reserved', () => {
    const { unmount } = renderCard(buildChip({ status: 'inactive', isAvailable: false, isForSale: false }));
    expect(screen.getByText('Not for sale')).toBeTruthy();
    expect(screen.queryByText('Sold')).toBeNull();
    unmount();
    renderCard(buildChip({ isReserved: true }));
    expect(screen.getByText('Reserved')).toBeTruthy();
    expect(screen.queryByText('Available')).toBeNull();
  });

  it('serves a responsive image with explicit size, lazy unless above the fold, in its frame', () => {
    const { unmount } = renderCard(buildChip({ shape: 'round' }));
    const img = screen.getByRole('img', { hidden: true, name: 'Moonlit Harbor' });
    expect(img.getAttribute('srcset')).toBe('/media/moon-400.webp 400w, /media/moon-800.webp 800w');
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('height')).toBe('1200');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className).toContain('rounded-full');
    unmount();
    renderCard(buildChip({ shape: 'square' }), { isAboveFold: true });
    const eager = screen.getByRole('img', { hidden: true, name: 'Moonlit Harbor' });
    expect(eager.getAttribute('loading')).toBe('eager');
    expect(eager.className).not.toContain('rounded-full');
  });

  it('shows a labelled placeholder when the chip has no image yet', () => {
    renderCard(buildChip({ imageUrl: null, imageVariants: [] }));
    expect(screen.getByRole('img', { hidden: true, name: 'Moonlit Harbor (no image yet)' })).toBeTruthy();
  });

  it('compact: the same links, price, availability and demo banner, drawn over a smaller card', () => {
    renderCard(buildChip({ isDemo: true, isReserved: true }), { density: 'compact', isAboveFold: true });
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('link', { name: 'Moonlit Harbor' }).getAttribute('href')).toBe(
      '/artchip/harbor_artist/moonlit-harbor',
    );
    expect(article.getByRole('link', { name: '@harbor_artist' }).getAttribute('href')).toBe(
      '/gallery/harbor_artist',
    );
    expect(article.getByText('$12.50')).toBeTruthy();
    expect(article.getByText('Reserved')).toBeTruthy();
    const banner = article.getByText('Demo Image - Not Actual Artchip');
    expect(banner.className).toContain('bg-yellow-300');
    // Below the disc, not laid over it (issue 27): outside the image's frame, after it, in the flow.
    const image = screen.getByRole('img', { hidden: true, name: 'Moonlit Harbor' });
    expect(banner.className).not.toMatch(/\babsolute\b/);
    expect(banner.parentElement!.contains(image) && banner.parentElement !== image.closest('article')).toBe(
      false,
    );
    expect(image.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The image link is hidden from assistive tech (the title link names the card).
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('loading')).toBe('eager');
  });
});
