// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ChipActions } from '#shared/chips.schemas.ts';
import type { CreatorProfile } from '#shared/creators.schemas.ts';
import { buildChip, buildUser, mockApi, renderWithApp, NO_CHIP_ACTIONS } from '#web/lib/testing.tsx';
import GalleryPage from './gallery-page.tsx';

afterEach(cleanup);

const NONE = NO_CHIP_ACTIONS;
const LISTED: ChipActions = { ...NONE, buy: true, offer: true };

const PROFILE: CreatorProfile = {
  username: 'maker',
  profileImageUrl: null,
  bio: 'I paint harbours.\nIn resin.',
  links: [
    { label: 'Portfolio', url: 'https://maker.example/' },
    { label: 'Shop', url: 'http://shop.example/maker' },
  ],
  joinedAt: '2030-03-15T12:00:00.000Z',
  followerCount: 0,
  figures: { chipsMinted: 3, chipsSold: 2, salesVolumeCents: 654321 },
};

/** @maker's gallery (answered for a visitor, as list endpoints are): listed, sold and unlisted chips. */
function renderGallery(viewerId: number | null) {
  const chips = [
    buildChip({ id: 1, title: 'Listed', slug: 'listed', actions: LISTED }),
    buildChip({ id: 2, title: 'Gone', slug: 'gone', status: 'sold', actions: NONE }),
    buildChip({ id: 3, title: 'Resting', slug: 'resting', status: 'inactive', actions: NONE }),
  ];
  mockApi({
    'GET /api/auth/user': () =>
      viewerId === null
        ? { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }
        : { body: buildUser({ id: viewerId }) },
    'GET /api/creators/maker': () => ({ body: PROFILE }),
    'GET /api/artchip/gallery/maker': () => ({
      body: {
        user: { username: 'maker', profileImageUrl: null, followerCount: 0 },
        items: chips,
        count: 3,
        nextCursor: null,
      },
    }),
  });
  renderWithApp(<GalleryPage />, {
    path: '/gallery/:username',
    route: '/gallery/maker',
    ...(viewerId ? { token: 't' } : {}),
  });
}

describe('GalleryPage', () => {
  it('offers Make Offer only on chips whose actions allow it (#6)', async () => {
    renderGallery(7);
    expect(await screen.findByRole('button', { name: /^Make Offer\s*on Listed$/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Make Offer/ })).toHaveLength(1);
    expect(screen.getByText('Not for sale')).toBeTruthy();
  });

  it("hides Make Offer on the signed-in viewer's own chips, though the list answers for a visitor", async () => {
    renderGallery(5);
    expect(await screen.findByRole('heading', { name: 'Listed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Make Offer/ })).toBeNull();
  });

  it("heads the gallery with the creator's picture, join date, bio, links and real figures", async () => {
    renderGallery(null);
    expect(await screen.findByRole('heading', { level: 1, name: '@maker' })).toBeTruthy();
    expect(screen.getByText('March 2030')).toBeTruthy();
    expect(screen.getByText(/I paint harbours/)).toBeTruthy();
    const links = screen.getByRole('list', { name: 'Links' });
    const portfolio = within(links).getByRole('link', { name: /Portfolio/ });
    expect(portfolio.getAttribute('href')).toBe('https://maker.example/');
    expect(portfolio.getAttribute('rel')).toContain('noopener');
    expect(within(links).getAllByRole('link')).toHaveLength(2);
    // Each figure is a term (dt) and its value (dd).
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(figure('Artchips minted')).toBe('3');
    expect(figure('Sold')).toBe('2');
    expect(figure('Sales volume')).toBe('$6,543.21');
    expect(screen.getByText('M', { selector: 'span' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Share @maker's gallery" })).toBeTruthy();
    expect(screen.getByText('3 Artchips')).toBeTruthy();
  });

  it('says "No creator @name" for an unknown username, never "Failed to load"', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
      'GET /api/creators/ghost': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'No creator @ghost' },
      }),
      'GET /api/artchip/gallery/ghost': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'User not found' },
      }),
    });
    renderWithApp(<GalleryPage />, { path: '/gallery/:username', route: '/gallery/ghost' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No creator @ghost' })).toBeTruthy();
    expect(screen.queryByText(/Failed to load/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
  });
});
