// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_CHIP_NOT_FOR_SALE_MESSAGE, type Chip, type ChipActions } from '#shared/chips.schemas.ts';
import { buildChip, buildUser, mockApi, renderWithApp, NO_CHIP_ACTIONS } from '#web/lib/testing.tsx';
import { ChipDetail } from './chip-detail.tsx';

afterEach(cleanup);

const NONE = NO_CHIP_ACTIONS;
const VISITOR_ON_LISTED: ChipActions = { ...NONE, buy: true, offer: true };

/** A chip by @maker (id 5), listed at $40, as a visitor reads it unless overridden. */
function chip(overrides: Partial<Chip> = {}): Chip {
  return buildChip({ actions: VISITOR_ON_LISTED, ...overrides });
}

/** Renders the chip page's details for a visitor, or signed in as user `viewerId`. */
function renderDetail(value: Chip, viewerId: number | null = null, variant: 'page' | 'unit' = 'page') {
  mockApi({
    'GET /api/auth/user': () =>
      viewerId === null
        ? { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }
        : { body: buildUser({ id: viewerId, username: viewerId === 5 ? 'maker' : 'buyer' }) },
  });
  return renderWithApp(<ChipDetail chip={value} variant={variant} />, viewerId ? { token: 't' } : {});
}

const buyNow = () => screen.queryByRole('button', { name: 'Buy Now' });
const makeOffer = () => screen.queryByRole('button', { name: /^Make Offer/ });

describe('ChipDetail actions', () => {
  it('shows Buy Now and Make Offer exactly when the actions allow them', async () => {
    renderDetail(chip());
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(makeOffer()).toBeTruthy();
    expect(screen.getByText('Available')).toBeTruthy();
    cleanup();

    renderDetail(chip({ actions: { ...NONE, buy: true } }));
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(makeOffer()).toBeNull();
  });

  it('offers nothing on a sold chip, and says it was sold (#6)', async () => {
    renderDetail(chip({ status: 'sold', isAvailable: false, isForSale: false, actions: NONE }), 7);
    expect(await screen.findByText('This Artchip has been sold and is no longer available.')).toBeTruthy();
    expect(screen.getByText('Sold')).toBeTruthy();
    expect(buyNow()).toBeNull();
    expect(makeOffer()).toBeNull();
  });

  it('says a listed demo-catalogue chip cannot be bought once payments are live, with no Buy or Offer', async () => {
    renderDetail(chip({ isDemo: true, isDemoNotForSale: true, actions: NONE }), 7);
    expect(await screen.findByText(DEMO_CHIP_NOT_FOR_SALE_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Not for sale')).toBeTruthy();
    expect(buyNow()).toBeNull();
    expect(makeOffer()).toBeNull();
  });

  it('reads an unlisted chip as Not for sale, never Sold, and offers nothing (#3, #6)', async () => {
    renderDetail(chip({ status: 'inactive', isAvailable: false, isForSale: false, actions: NONE }), 7);
    expect(await screen.findByText('Not for sale')).toBeTruthy();
    expect(screen.getByText('This Artchip is not for sale right now.')).toBeTruthy();
    expect(screen.queryByText('Sold')).toBeNull();
    expect(screen.queryByText(/has been sold/)).toBeNull();
    expect(buyNow()).toBeNull();
    expect(makeOffer()).toBeNull();
  });

  it("never offers Buy or Offer on the viewer's own chip, even from a visitor's actions (#6)", async () => {
    // Lists answer for a visitor; the web masks the viewer's own chips.
    renderDetail(chip(), 5);
    expect(await screen.findByRole('heading', { name: 'You own this Artchip' })).toBeTruthy();
    expect(buyNow()).toBeNull();
    expect(makeOffer()).toBeNull();
  });

  it('marks a chip held by a checkout Reserved, and lets only its holder buy it', async () => {
    renderDetail(chip({ isReserved: true, actions: NONE }), 7);
    expect(await screen.findByText('Reserved')).toBeTruthy();
    expect(screen.getByText(/reserved for a buyer just now/)).toBeTruthy();
    expect(buyNow()).toBeNull();
    cleanup();

    renderDetail(chip({ isReserved: true, actions: { ...NONE, buy: true } }), 7);
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeTruthy();
  });

  it('shows the owner their pending chip as Not for sale with Activate, not "Sold · Price not set" (#4)', async () => {
    renderDetail(
      chip({
        status: 'pending',
        isActive: false,
        isAvailable: false,
        isForSale: false,
        price: null,
        priceUsd: null,
        custody: 'dispatching',
        shippingOption: 'ship',
        actions: { ...NONE, activate: true },
      }),
      5,
    );
    // The owner's tools are their own chunk, loaded on first use.
    expect(
      await screen.findByRole('button', { name: 'Activate Harbor Lights' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Not for sale')).toBeTruthy();
    expect(screen.getByText(/activate it with a price to list it/)).toBeTruthy();
    expect(screen.queryByText('Sold')).toBeNull();
    expect(screen.queryByText('Price not set')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pricing/ })).toBeNull();
  });

  it('shows a visitor a made chip never listed as not for sale, with no Buy or Offer (decision 062)', async () => {
    renderDetail(
      chip({
        status: 'pending',
        isActive: false,
        isAvailable: false,
        isForSale: false,
        price: null,
        priceUsd: null,
        custody: 'with_owner',
        shippingOption: 'ship',
        actions: NONE,
      }),
    );
    expect(await screen.findByText('Not for sale')).toBeTruthy();
    expect(screen.getByText('This Artchip is not for sale right now.')).toBeTruthy();
    expect(buyNow()).toBeNull();
    expect(makeOffer()).toBeNull();
  });

  it('tells the owner of a chip an admin took down that only they and admins see it', async () => {
    renderDetail(
      chip({ status: 'removed', isActive: false, isForSale: false, actions: { ...NONE, report: true } }),
      5,
    );
    expect(await screen.findByText('Taken down')).toBeTruthy();
    expect(await screen.findByText(/An admin took this Artchip down/)).toBeTruthy();
  });

  it('gives the owner of a vaulted chip its owner actions and where it is', async () => {
    renderDetail(
      chip({
        status: 'sold',
        ownerId: 5,
        actions: { ...NONE, list: true, shipToMe: true },
      }),
      5,
    );
    expect(await screen.findByRole('button', { name: 'Ship to me Harbor Lights' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'List for resale Harbor Lights' })).toBeTruthy();
    expect(screen.getByText('In our vault')).toBeTruthy();
    expect(screen.queryByText(/has been sold/)).toBeNull();
  });

  it('says Purchase Artchip on the unit page and labels an unlisted status Not for sale', async () => {
    renderDetail(chip(), null, 'unit');
    expect(await screen.findByRole('button', { name: 'Purchase Artchip' })).toBeTruthy();
    cleanup();
    renderDetail(chip({ status: 'inactive', actions: NONE }), null, 'unit');
    expect(await screen.findAllByText('Not for sale')).toHaveLength(2);
  });
});

describe('ChipDetail, a page worth sharing', () => {
  it('pairs Buy Now and Make Offer as two buttons of the same size, buying first', async () => {
    renderDetail(chip());
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    const offer = makeOffer()!;
    expect(buy.className).toContain('h-12');
    expect(offer.className).toContain('h-12');
    expect(buy.className).toContain('w-full');
    expect(offer.className).toContain('w-full');
    // One grid holds both (each button sits in its own layout-less form, url-action.tsx).
    expect(buy.closest('.grid')).toBe(offer.closest('.grid'));
    expect(buy.closest('.grid')).not.toBeNull();
    expect(buy.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the creator and the owner with their pictures or initials, linked to their galleries', async () => {
    renderDetail(
      chip({
        creatorUsername: 'sample-artist',
        creatorProfileImageUrl: '/media/face.webp',
        ownerId: 8,
        ownerUsername: 'cool_collector',
        ownerProfileImageUrl: null,
      }),
    );
    const creator = await screen.findByRole('link', { name: '@sample-artist' });
    expect(creator.getAttribute('href')).toBe('/gallery/sample-artist');
    expect(screen.getByRole('link', { name: '@cool_collector' }).getAttribute('href')).toBe(
      '/gallery/cool_collector',
    );
    expect(document.querySelector('img[src="/media/face.webp"]')).toBeTruthy();
    expect(screen.getByText('CC')).toBeTruthy();
    expect(screen.getByText('Created by')).toBeTruthy();
    expect(screen.getByText('Owned by')).toBeTruthy();
  });

  it('keeps the unit number and the NFC status in a quiet Authenticity panel, not beside the title', async () => {
    renderDetail(chip({ unitId: '12345678901234', nfcUid: '04A1B2C3D4E5F6' }));
    const panel = await screen.findByRole('region', { name: 'Authenticity' });
    expect(within(panel).getByText('Unit #12345678901234')).toBeTruthy();
    expect(within(panel).getByText(/NFC tag linked/)).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 1, name: 'Harbor Lights' });
    expect(heading.parentElement!.textContent).not.toContain('Unit #');
    cleanup();
    renderDetail(chip({ unitId: null, nfcUid: null }));
    const bare = await screen.findByRole('region', { name: 'Authenticity' });
    expect(within(bare).getByText('NFC tag not linked yet.')).toBeTruthy();
  });

  it('renders the chip as a 54 mm disc, drawn to scale beside a bank card, and turns it over', async () => {
    renderDetail(chip({ shape: 'square' }));
    expect(await screen.findByRole('img', { name: 'Harbor Lights as a square resin Artchip' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /Drawn to scale: the 54 mm square Artchip beside a bank card/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn over' }));
    expect(screen.getByRole('img', { name: 'The magnetic back of the square Artchip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn over' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('zooms the art in a dialog: zoom in and out by button or key, Escape closes it', async () => {
    renderDetail(
      chip({ originalImageUrl: '/media/harbor-original.png', additionalImageUrls: ['/media/b.webp'] }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Harbor Lights' });
    const zoomButton = await screen.findByRole('button', { name: 'Zoom into the artwork' });
    fireEvent.click(zoomButton);
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Lights' }, { timeout: 5000 });
    const art = within(dialog).getByRole('img', { name: 'Harbor Lights' });
    // The zoom shows the full-resolution original.
    expect(art.getAttribute('src')).toBe('/media/harbor-original.png');
    expect(within(dialog).getByText('100%')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Zoom out' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150%')).toBeTruthy();
    expect(art.dataset.zoom).toBe('1.5');
    fireEvent.keyDown(dialog, { key: '+' });
    expect(within(dialog).getByText('200%')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: '0' });
    expect(within(dialog).getByText('100%')).toBeTruthy();
    // At fit size the arrow keys move to the next image.
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('img', { name: 'Harbor Lights, image 2' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the button that opened it.
    expect(document.activeElement).toBe(zoomButton);
  });

  it('links the admin’s video when the chip has one, and shows no link otherwise', async () => {
    renderDetail(chip({ adminVideoUrl: 'https://video.example/harbor.mp4' }));
    await screen.findByRole('heading', { level: 1, name: 'Harbor Lights' });
    const link = screen.getByRole('link', { name: /Watch the video/ });
    expect(link.getAttribute('href')).toBe('https://video.example/harbor.mp4');
    expect(document.querySelector('video')).toBeNull();
    cleanup();
    renderDetail(chip({ adminVideoUrl: null }));
    await screen.findByRole('heading', { level: 1, name: 'Harbor Lights' });
    expect(screen.queryByRole('link', { name: /Watch the video/ })).toBeNull();
  });
});
