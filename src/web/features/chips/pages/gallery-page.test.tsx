// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ChipActions } from '#shared/chips.schemas.ts';
import { buildChip, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import GalleryPage from './gallery-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NONE: ChipActions = {
  buy: false,
  offer: false,
  activate: false,
  list: false,
  delist: false,
  price: false,
  shipToMe: false,
  transfer: false,
};
const LISTED: ChipActions = { ...NONE, buy: true, offer: true };

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
    'GET /api/artchip/gallery/maker': () => ({
      body: { user: { username: 'maker', profileImageUrl: null }, items: chips, count: 3, nextCursor: null },
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
});
