// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MyArtchipListSchema } from '#shared/orders.schemas.ts';
import {
  buildChip,
  buildMyArtchipItem,
  buildUser,
  mockApi,
  renderWithApp,
  type ApiHandler,
} from '#web/lib/testing.tsx';
import SignedInHomePage from './signed-in-home-page.tsx';

afterEach(cleanup);

/** GET /api/my-artchip as the server answers it (newest first), checked against the shared schema. */
const MY_ARTCHIP = MyArtchipListSchema.parse([
  buildMyArtchipItem({
    kind: 'mint',
    userStatus: 'Pending Creation',
    title: 'Tide Pool',
    imageUrl: '/media/tide-original.png',
    orderId: 31,
    createdAt: '2030-03-04T00:00:00.000Z',
  }),
  buildMyArtchipItem({
    userStatus: 'In Vault',
    isCreator: false,
    canResell: true,
    canRequestShipping: true,
    title: 'Harbor Lights',
    imageUrl: '/media/harbor.webp',
    orderId: 30,
    artchip: buildChip({
      id: 9,
      title: 'Harbor Lights',
      slug: 'harbor-lights',
      creatorId: 2,
      creatorUsername: 'harbor_artist',
      ownerId: 5,
      ownerUsername: 'maker',
      status: 'sold',
      isAvailable: false,
      isActive: false,
      isForSale: false,
      custody: 'in_vault',
    }),
    createdAt: '2030-03-03T00:00:00.000Z',
  }),
  buildMyArtchipItem({
    userStatus: 'Owned',
    isCreator: false,
    title: 'Night Market',
    artchip: buildChip({
      id: 8,
      title: 'Night Market',
      slug: 'night-market',
      creatorUsername: 'someone',
      status: 'sold',
      isAvailable: false,
      shippingOption: 'ship',
      custody: 'with_owner',
    }),
    createdAt: '2030-03-02T00:00:00.000Z',
  }),
  buildMyArtchipItem({
    userStatus: 'Pending',
    canActivate: true,
    title: 'Older Chip',
    artchip: buildChip({ id: 7, title: 'Older Chip', slug: 'older-chip', status: 'pending' }),
    createdAt: '2030-03-01T00:00:00.000Z',
  }),
]);

function setup(myArtchip: ApiHandler) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/my-artchip': myArtchip,
  });
  renderWithApp(<SignedInHomePage />, { token: 'session-token' });
  return api;
}

describe('SignedInHomePage', () => {
  it("shows the user's newest chips from /api/my-artchip: a mint being made, a vaulted and a bought chip", async () => {
    const { callsTo } = setup(() => ({ body: MY_ARTCHIP }));
    const list = await screen.findByRole('list', { name: 'Your newest Artchips' });
    const cards = await within(list).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Tide Pool',
      'Harbor Lights',
      'Night Market',
    ]);
    const [mint, vaulted, bought] = cards.map((card) => within(card));
    expect(mint!.getByText('Pending Creation')).toBeTruthy();
    expect(mint!.getByRole('img', { name: 'Tide Pool' }).getAttribute('src')).toBe(
      '/media/tide-original.png',
    );
    expect(vaulted!.getByText('In Vault')).toBeTruthy();
    expect(vaulted!.getByText('Owned by you')).toBeTruthy();
    expect(vaulted!.getByRole('link', { name: 'Harbor Lights' }).getAttribute('href')).toBe(
      '/artchip/harbor_artist/harbor-lights',
    );
    expect(bought!.getByText('Owned')).toBeTruthy();
    expect(screen.queryByText('Older Chip')).toBeNull();
    expect(callsTo('GET /api/artchip/gallery/maker')).toHaveLength(0);
  });

  it('says so when the user has no chips yet', async () => {
    setup(() => ({ body: [] }));
    expect(await screen.findByText("You haven't minted any Artchips yet.")).toBeTruthy();
  });

  it('shows an error, and no other list, when the answer does not match the shared schema', async () => {
    // The shape the old hand-written schema expected: the page must not quietly show something else.
    const { calls } = setup(() => ({ body: { items: [buildChip()] } }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your Artchips could not be loaded. Please try again later.',
    );
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /api/auth/user',
      'GET /api/my-artchip',
    ]);
  });
});
