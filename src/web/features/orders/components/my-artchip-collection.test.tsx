// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Chip } from '#shared/chips.schemas.ts';
import type { MyArtchipItem } from '#shared/orders.schemas.ts';
import { buildUser, mockApi, renderWithApp, type ApiHandler } from '#web/features/checkout/lib/testing.tsx';
import { MyArtchipCollection } from './my-artchip-collection.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function chip(overrides: Partial<Chip>): Chip {
  return {
    id: 1,
    title: 'Chip',
    slug: 'chip',
    description: null,
    price: null,
    priceUsd: null,
    imageUrl: '/media/c.webp',
    imageVariants: [],
    imageWidth: 64,
    imageHeight: 64,
    originalImageUrl: null,
    adminImageUrl: null,
    additionalImageUrls: [],
    unitId: null,
    nfcUid: null,
    isAvailable: false,
    isActive: false,
    isForSale: false,
    isSurprize: false,
    creatorId: 5,
    creatorUsername: 'maker',
    ownerId: 5,
    ownerUsername: 'maker',
    associatedUrl: null,
    tiktokUrl: null,
    youtubeUrl: null,
    instagramUrl: null,
    xUrl: null,
    paypalEnabled: false,
    createdAt: '2030-01-01T00:00:00.000Z',
    shape: 'round',
    status: 'pending',
    shippingOption: 'store',
    isDemo: false,
    ...overrides,
  };
}

function item(overrides: Partial<MyArtchipItem>): MyArtchipItem {
  return {
    kind: 'chip',
    userStatus: 'Pending',
    isCreator: true,
    isOwner: true,
    canActivate: false,
    canEditPricing: false,
    canResell: false,
    canRequestShipping: false,
    title: 'Chip',
    imageUrl: null,
    orderId: 1,
    artchip: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ITEMS: MyArtchipItem[] = [
  item({ kind: 'mint', userStatus: 'Pending Creation', title: 'Being made', artchip: null }),
  item({
    title: 'Fresh',
    canActivate: true,
    artchip: chip({ id: 2, title: 'Fresh', slug: 'fresh' }),
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
    }),
  }),
  item({
    title: 'Bought',
    userStatus: 'In Vault',
    isCreator: false,
    canRequestShipping: true,
    artchip: chip({ id: 4, title: 'Bought', slug: 'bought', creatorUsername: 'other', status: 'sold' }),
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
    expect(view.getAttribute('target')).toBe('_blank');

    const bought = within(await card('Bought'));
    expect(bought.getByText('In Vault')).toBeTruthy();
    expect(bought.getByRole('button', { name: 'Ship to me Bought' })).toBeTruthy();
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
