import { describe, expect, it } from 'vitest';
import { NOW, LATER, EARLIER, OWNER, BUYER, OTHER, chipAtHome, chipRow } from './chip-row.fixture.ts';
import {
  canSellTo,
  canShipFor,
  chipActions,
  isChipPublic,
  refuseActivate,
  refuseBuy,
  refuseDemoSale,
  refuseHandover,
  refuseReport,
  refuseDelist,
  refuseList,
  refuseOffer,
  refuseShipToMe,
  refuseTransfer,
} from './chip-lifecycle.ts';

const chip = chipRow;

const visitor = null;
const owner = { id: OWNER, role: 'user' };
const buyer = { id: BUYER, role: 'user' };

describe('chip lifecycle guards', () => {
  it('a listed chip can be bought and offered on by anyone but its owner', () => {
    expect(chipActions(chip(), visitor, NOW)).toMatchObject({ buy: true, offer: true, delist: false });
    expect(chipActions(chip(), buyer, NOW)).toMatchObject({ buy: true, offer: true, delist: false });
    expect(chipActions(chip(), owner, NOW)).toMatchObject({
      buy: false,
      offer: false,
      delist: true,
      price: true,
    });
    expect(refuseBuy(chip(), OWNER, NOW)?.code).toBe('UNPROCESSABLE');
    expect(refuseOffer(chip(), OWNER, NOW)?.code).toBe('FORBIDDEN');
  });

  it('issue 10 #6: no Buy or Make Offer on sold, unlisted or pending chips', () => {
    for (const status of ['sold', 'inactive', 'pending', 'removed'] as const) {
      const actions = chipActions(chip({ status }), buyer, NOW);
      expect(actions.buy, status).toBe(false);
      expect(actions.offer, status).toBe(false);
      expect(refuseOffer(chip({ status }), BUYER, NOW)?.code, status).toBe('CONFLICT');
    }
  });

  it('a hold keeps the chip for its buyer only, until it lapses', () => {
    const held = chip({ reservedForUserId: BUYER, reservedByOrderId: 7, reservedUntil: LATER });
    expect(refuseBuy(held, BUYER, NOW)).toBeNull();
    expect(refuseBuy(held, OTHER, NOW)?.code).toBe('CONFLICT');
    expect(chipActions(held, visitor, NOW).buy).toBe(false);
    expect(refuseDelist(held, OWNER, NOW)?.code).toBe('CONFLICT');
    const lapsed = { ...held, reservedUntil: EARLIER };
    expect(refuseBuy(lapsed, OTHER, NOW)).toBeNull();
  });

  it('issue 10 #3: an unlisted chip can be listed again by its owner, and is still public', () => {
    const unlisted = chip({ status: 'inactive' });
    expect(chipActions(unlisted, owner, NOW)).toMatchObject({ list: true, price: true, delist: false });
    expect(refuseList(unlisted, BUYER, NOW)?.code).toBe('FORBIDDEN');
    expect(isChipPublic(unlisted)).toBe(true);
  });

  it('decision 062: a made chip never listed is public; only an admin takedown hides a chip', () => {
    expect(isChipPublic(chipAtHome())).toBe(true);
    expect(isChipPublic(chip({ status: 'pending', custody: 'in_vault' }))).toBe(true);
    expect(isChipPublic(chip({ status: 'removed' }))).toBe(false);
  });

  it('only chips in our vault are listed or shipped; a ship-to-me mint may still be activated', () => {
    const away = chip({ status: 'sold', custody: 'with_owner' });
    expect(refuseList(away, OWNER, NOW)?.code).toBe('CONFLICT');
    expect(refuseShipToMe(away, OWNER, NOW)?.code).toBe('CONFLICT');
    expect(refuseActivate(chip({ status: 'pending', custody: 'dispatching' }), OWNER)).toBeNull();
    expect(refuseActivate(chip({ status: 'pending', custody: 'in_transit' }), OWNER)?.code).toBe('CONFLICT');
    const vaulted = chip({ status: 'sold', ownerId: BUYER });
    expect(chipActions(vaulted, buyer, NOW)).toMatchObject({ shipToMe: true, list: true, buy: false });
    expect(refuseShipToMe(chip(), OWNER, NOW)?.code).toBe('CONFLICT');
  });

  it('issue 10 #2: an order ships only a chip leaving the vault for its own buyer', () => {
    const leaving = chip({ status: 'sold', ownerId: BUYER, custody: 'dispatching' });
    expect(canShipFor(leaving, { buyerId: BUYER })).toBe(true);
    expect(canShipFor(leaving, { buyerId: OWNER })).toBe(false);
    expect(canShipFor(chip({ status: 'sold', ownerId: BUYER }), { buyerId: OWNER })).toBe(false);
  });

  it('a paid purchase is honoured only while the chip is still the seller’s and free for the buyer', () => {
    const args = { orderId: 7, sellerId: OWNER, buyerId: BUYER, now: NOW };
    expect(
      canSellTo(chip({ reservedByOrderId: 7, reservedForUserId: BUYER, reservedUntil: LATER }), args),
    ).toBe(true);
    expect(canSellTo(chip(), args)).toBe(true);
    expect(canSellTo(chip({ ownerId: OTHER }), args)).toBe(false);
    expect(canSellTo(chip({ status: 'sold' }), args)).toBe(false);
    expect(
      canSellTo(chip({ reservedByOrderId: 8, reservedForUserId: OTHER, reservedUntil: LATER }), args),
    ).toBe(false);
  });

  it('an owner may transfer a chip, listed once or never, that is not travelling and not held for a buyer', () => {
    expect(chipActions(chip({ status: 'inactive' }), owner, NOW).transfer).toBe(true);
    // A listed chip may be transferred: it comes off the market when the transfer is placed.
    expect(refuseTransfer(chip(), OWNER, NOW)).toBeNull();
    expect(refuseTransfer(chip({ status: 'sold', custody: 'with_owner' }), OWNER, NOW)).toBeNull();
    expect(refuseTransfer(chip(), BUYER, NOW)?.code).toBe('FORBIDDEN');
    expect(chipActions(chip(), buyer, NOW).transfer).toBe(false);
    expect(refuseTransfer(chipAtHome(), OWNER, NOW)).toBeNull();
    expect(refuseTransfer(chip({ status: 'removed' }), OWNER, NOW)?.code).toBe('CONFLICT');
    for (const custody of ['dispatching', 'in_transit'] as const) {
      expect(refuseTransfer(chip({ status: 'sold', custody }), OWNER, NOW)?.message).toBe(
        'This Artchip is on its way. Transfer it once it has arrived.',
      );
    }
    const held = chip({ reservedForUserId: BUYER, reservedUntil: LATER });
    expect(refuseTransfer(held, OWNER, NOW)?.code).toBe('CONFLICT');
    expect(refuseTransfer({ ...held, reservedUntil: EARLIER }, OWNER, NOW)).toBeNull();
  });

  it('a demo-catalogue chip is offered for sale only while every payment is a demo (PRODUCT.md)', () => {
    const demo = chip({ isDemo: true });
    const live = { livePayments: true };
    expect(chipActions(demo, buyer, NOW)).toMatchObject({ buy: true, offer: true });
    expect(chipActions(demo, buyer, NOW, live)).toMatchObject({ buy: false, offer: false });
    expect(chipActions(chip(), buyer, NOW, live)).toMatchObject({ buy: true, offer: true });
    expect(refuseDemoSale(demo, live)?.code).toBe('UNPROCESSABLE');
    expect(refuseDemoSale(demo, { livePayments: false })).toBeNull();
  });

  it('issue 15: a reported chip cannot be bought, offered on, listed or handed over; its owner may clear it', () => {
    const stolen = chip({ reportStatus: 'stolen' });
    expect(refuseBuy(stolen, BUYER, NOW)?.message).toBe(
      'This Artchip has been reported stolen by its owner.',
    );
    expect(refuseOffer(stolen, BUYER, NOW)?.code).toBe('CONFLICT');
    expect(refuseList(chip({ status: 'inactive', reportStatus: 'lost' }), OWNER, NOW)?.message).toBe(
      'This Artchip has been reported lost by its owner.',
    );
    expect(chipActions(stolen, buyer, NOW)).toMatchObject({ buy: false, offer: false });
    expect(chipActions(stolen, owner, NOW)).toMatchObject({ report: true, handover: false });
    expect(refuseReport(stolen, BUYER)?.code).toBe('FORBIDDEN');
  });

  it('issue 15: only a chip that is with its owner can be handed over by tap', () => {
    const withOwner = chip({ status: 'sold', custody: 'with_owner' });
    expect(refuseHandover(withOwner, OWNER, NOW)).toBeNull();
    expect(refuseHandover(withOwner, OTHER, NOW)?.code).toBe('FORBIDDEN');
    expect(refuseHandover(chip({ status: 'inactive' }), OWNER, NOW)?.code).toBe('CONFLICT');
    expect(refuseHandover(chip({ status: 'sold', custody: 'in_transit' }), OWNER, NOW)?.code).toBe(
      'CONFLICT',
    );
    expect(chipActions(withOwner, owner, NOW).handover).toBe(true);
  });
});

describe('a chip frozen by a dispute of its purchase (decision 076)', () => {
  it('moves nowhere: no sale, offer, listing, transfer, hand-over or shipment', () => {
    const frozen = chip({ status: 'active', frozenAt: EARLIER });
    expect(chipActions(frozen, buyer, NOW)).toMatchObject({ buy: false, offer: false });
    const unlisted = chip({ status: 'sold', frozenAt: EARLIER });
    expect(chipActions(unlisted, owner, NOW)).toMatchObject({
      list: false,
      shipToMe: false,
      transfer: false,
      handover: false,
    });
    expect(chipActions(chipAtHome({ frozenAt: EARLIER }), owner, NOW)).toMatchObject({
      transfer: false,
      handover: false,
      sendToVault: false,
    });
    expect(refuseList(unlisted, OWNER, NOW)?.message).toMatch(/under review/);
    expect(canSellTo(frozen, { orderId: 1, sellerId: OWNER, buyerId: BUYER, now: NOW })).toBe(false);
    expect(chipActions(chip({ status: 'sold' }), owner, NOW)).toMatchObject({ list: true, transfer: true });
  });
});
