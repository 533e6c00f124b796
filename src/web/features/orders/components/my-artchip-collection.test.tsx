// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Chip } from '#shared/chips.schemas.ts';
import type { MyArtchipItem } from '#shared/orders.schemas.ts';
import {
  buildChip,
  buildMyArtchipItem,
  buildUser,
  mockApi,
  renderWithApp,
  type ApiHandler,
  NO_CHIP_ACTIONS,
} from '#web/lib/testing.tsx';
import { MyArtchipCollection } from './my-artchip-collection.tsx';

afterEach(cleanup);

const NO_ACTIONS = NO_CHIP_ACTIONS;

/** A made chip not yet activated, with no action for its owner, unless overridden. */
function chip(overrides: Partial<Chip>): Chip {
  return buildChip({
    actions: NO_ACTIONS,
    id: 1,
    title: 'Chip',
    slug: 'chip',
    price: null,
    priceUsd: null,
    imageUrl: '/media/c.webp',
    isAvailable: false,
    isActive: false,
    isForSale: false,
    status: 'pending',
    ...overrides,
  });
}

const item = buildMyArtchipItem;

const ITEMS: MyArtchipItem[] = [
  item({ kind: 'mint', userStatus: 'Pending Creation', title: 'Being made', artchip: null }),
  item({
    title: 'Fresh',
    canActivate: true,
    artchip: chip({ id: 2, title: 'Fresh', slug: 'fresh', actions: { ...NO_ACTIONS, activate: true } }),
  }),
  item({
    title: 'Listed',
    userStatus: 'Live in Marketplace',
    canEditPricing: true,
    artchip: chip({
      id: 3,
      title: 'Listed',
      slug: 'listed',
      status: 'active',
      isActive: true,
      isAvailable: true,
      priceUsd: '25.00',
      actions: { ...NO_ACTIONS, delist: true, price: true },
    }),
  }),
  item({
    title: 'Bought',
    userStatus: 'In Vault',
    isCreator: false,
    canRequestShipping: true,
    artchip: chip({
      id: 4,
      title: 'Bought',
      slug: 'bought',
      creatorUsername: 'other',
      status: 'sold',
      isActive: true,
      priceUsd: '80.00',
      lastSale: { priceCents: 2800, soldAt: '2030-03-04T12:00:00.000Z' },
      actions: { ...NO_ACTIONS, list: true, shipToMe: true },
    }),
  }),
];

function setup(routes: Record<string, ApiHandler> = {}, paypalEmail: string | null = null) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser({ paypalEmail }) }),
    'GET /api/my-artchip': () => ({ body: ITEMS }),
    ...routes,
  });
  renderWithApp(<MyArtchipCollection />, { token: 't' });
  return { ...api, user: userEvent.setup() };
}

async function card(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('li')!;
}

describe('MyArtchipCollection', () => {
  it('shows each status and only the actions that apply', async () => {
    setup();
    const making = within(await card('Being made'));
    expect(making.getByText('Pending Creation')).toBeTruthy();
    expect(making.queryAllByRole('button')).toHaveLength(0);

    const fresh = within(await card('Fresh'));
    expect(fresh.getByRole('button', { name: 'Activate Fresh' })).toBeTruthy();
    expect(fresh.queryByRole('button', { name: /Pricing/ })).toBeNull();

    const listed = within(await card('Listed'));
    expect(listed.getByText('Live in Marketplace')).toBeTruthy();
    expect(listed.getByRole('button', { name: 'Pricing for Listed' })).toBeTruthy();
    expect(
      listed.getByRole<HTMLInputElement>('checkbox', { name: 'Available in the marketplace' }).checked,
    ).toBe(true);
    const view = listed.getByRole('link', { name: /View Listed/ });
    expect(view.getAttribute('href')).toBe('/artchip/maker/listed');
    // An internal page: same tab (issue 13).
    expect(view.getAttribute('target')).toBeNull();

    const bought = within(await card('Bought'));
    expect(bought.getByText('In Vault')).toBeTruthy();
    expect(bought.getByText('In our vault')).toBeTruthy();
    expect(bought.getByRole('button', { name: 'Ship to me Bought' })).toBeTruthy();
    expect(bought.getByRole('button', { name: 'List for resale Bought' })).toBeTruthy();
    expect(bought.queryByRole('checkbox')).toBeNull();
    // What it sold for, not its old list price (issue 27).
    expect(bought.getByText('Owned by you · sold for $28.00')).toBeTruthy();
    expect(bought.queryByText(/\$80\.00/)).toBeNull();
  });

  it("shows the buttons of the chip's actions, not the row's older flags", async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-artchip': () => ({
        body: [
          // The server's actions say nothing may be done just now (e.g. a checkout holds it).
          item({
            title: 'Held',
            userStatus: 'Live in Marketplace',
            canEditPricing: true,
            canRequestShipping: true,
            artchip: chip({ id: 8, title: 'Held', status: 'active', isReserved: true }),
          }),
        ],
      }),
    });
    renderWithApp(<MyArtchipCollection />, { token: 't' });
    const held = within(await card('Held'));
    expect(held.queryAllByRole('button')).toHaveLength(0);
    expect(held.queryByRole('checkbox')).toBeNull();
    expect(held.getByText(/Reserved for a buyer/)).toBeTruthy();
  });

  it('offers Images for a chip with its artwork, opening the dialog of its extra images', async () => {
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-artchip': () => ({
        body: [
          item({
            title: 'Made',
            artchip: chip({
              id: 4,
              title: 'Made',
              originalImageUrl: '/media/made.png',
              additionalImageUrls: ['/media/more.png'],
            }),
          }),
          // A surprize mint still waiting for the studio's artwork: its first image is not the owner's.
          item({ title: 'Awaiting art', artchip: chip({ id: 5, title: 'Awaiting art', imageUrl: null }) }),
        ],
      }),
    });
    renderWithApp(<MyArtchipCollection />, { token: 't' });
    const user = userEvent.setup();
    const awaiting = within(await card('Awaiting art'));
    expect(awaiting.queryByRole('button', { name: /Images/ })).toBeNull();
    const made = within(await card('Made'));
    await user.click(made.getByRole('button', { name: 'Images of Made' }));
    const dialog = await screen.findByRole('dialog', { name: 'Images of Made' });
    expect(within(dialog).getByRole('img', { name: 'Made, image 2' }).getAttribute('src')).toBe(
      '/media/more.png',
    );
    expect(within(dialog).getByLabelText('Add an image (JPEG, PNG or GIF, up to 10MB)')).toBeTruthy();
  });

  it('lists an unlisted chip again from the availability switch (#3), and unlists a listed one', async () => {
    const unlisted = chip({
      id: 6,
      title: 'Resting',
      slug: 'resting',
      status: 'inactive',
      isActive: true,
      priceUsd: '45.00',
      actions: { ...NO_ACTIONS, list: true, price: true, shipToMe: true },
    });
    const { user, callsTo } = setup({
      'GET /api/my-artchip': () => ({
        body: [...ITEMS, item({ title: 'Resting', userStatus: 'Inactive', artchip: unlisted })],
      }),
      'PATCH /api/artchip/6/availability': () => ({ body: { ...unlisted, status: 'active' } }),
      'PATCH /api/artchip/3/availability': () => ({ body: {} }),
    });
    const resting = within(await card('Resting'));
    const toggle = resting.getByRole<HTMLInputElement>('checkbox', { name: 'Available in the marketplace' });
    expect(toggle.checked).toBe(false);
    expect(resting.getByRole('button', { name: 'Pricing for Resting' })).toBeTruthy();
    await user.click(toggle);
    await waitFor(() =>
      expect(callsTo('PATCH /api/artchip/6/availability')[0]?.body).toEqual({ isAvailable: true }),
    );
    expect(await screen.findByText('Listed in the marketplace')).toBeTruthy();

    await user.click(
      within(await card('Listed')).getByRole('checkbox', { name: 'Available in the marketplace' }),
    );
    await waitFor(() =>
      expect(callsTo('PATCH /api/artchip/3/availability')[0]?.body).toEqual({ isAvailable: false }),
    );
  });

  it("reports a failed activation with the server's message", async () => {
    const { user } = setup({
      'PATCH /api/artchip/2/activate': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'Only pending Artchips can be activated.' },
      }),
    });
    await user.click(within(await card('Fresh')).getByRole('button', { name: 'Activate Fresh' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate Fresh' });
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText('Price is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Price (USD)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Activation Failed')).toBeTruthy();
    expect(screen.getByText('Only pending Artchips can be activated.')).toBeTruthy();
  });

  it('offers the PayPal toggle only to a seller with a PayPal e-mail', async () => {
    const first = setup();
    await first.user.click(within(await card('Listed')).getByRole('button', { name: 'Pricing for Listed' }));
    let dialog = screen.getByRole('dialog', { name: 'Pricing for Listed' });
    expect(
      within(dialog).getByText('Add a PayPal email in your Profile to accept PayPal payments.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    cleanup();

    const { user, callsTo } = setup(
      { 'PATCH /api/artchip/3/pricing': () => ({ body: {} }) },
      'pay@example.com',
    );
    await waitFor(async () => expect(await card('Listed')).toBeTruthy());
    await user.click(within(await card('Listed')).getByRole('button', { name: 'Pricing for Listed' }));
    dialog = screen.getByRole('dialog', { name: 'Pricing for Listed' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Accept direct PayPal/ }));
    await user.clear(within(dialog).getByLabelText('USD price'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Pricing' }));
    expect(await within(dialog).findByText('USD price is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('USD price'), '30.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Pricing' }));
    await waitFor(() =>
      expect(callsTo('PATCH /api/artchip/3/pricing')[0]?.body).toEqual({
        priceUsd: '30.00',
        paypalEnabled: true,
      }),
    );
  });
});
