// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Chip, ChipActions } from '#shared/chips.schemas.ts';
import { buildChip, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { ChipDetail } from './chip-detail.tsx';

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

  it('shows the owner their pending chip as Pending with Activate, not "Sold · Price not set" (#4)', async () => {
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
    expect(await screen.findByRole('button', { name: 'Activate Harbor Lights' })).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText(/activate it with a price to list it/)).toBeTruthy();
    expect(screen.queryByText('Sold')).toBeNull();
    expect(screen.queryByText('Price not set')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pricing/ })).toBeNull();
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
