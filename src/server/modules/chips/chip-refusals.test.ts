/**
 * Each of the chip lifecycle's refusals, with the code and words a person sees, and the full set of
 * actions a viewer is offered in each state: the mutation run of issue 26 found guards whose order or
 * words no test pinned (docs/mutation-testing.md).
 */
import { describe, expect, it } from 'vitest';
import { CHIP_RESERVED_MESSAGE } from '#shared/checkout.schemas.ts';
import { HANDOVER_NOT_WITH_OWNER_MESSAGE, reportedMessage } from '#shared/handovers.schemas.ts';
import { NOW, LATER, OWNER, OTHER, chipAtHome, chipRow } from './chip-row.fixture.ts';
import {
  canDispatchTo,
  canTransferFrom,
  chipActions,
  isHeld,
  isVisiblyHeld,
  refuseActivate,
  refuseBuy,
  refuseDelist,
  refuseHandover,
  refuseList,
  refuseOffer,
  refuseReport,
  refuseShipToMe,
  refuseTransfer,
} from './chip-lifecycle.ts';

const chip = chipRow;

const conflict = (message: string) => ({ code: 'CONFLICT', message });
const NOT_OWNER = { code: 'FORBIDDEN', message: 'Only the owner can change this Artchip.' };
const NOT_IN_VAULT = conflict('Only Artchips kept in our vault can be listed or shipped.');
const held = { reservedUntil: LATER, reservedForUserId: OTHER, reservedByOrderId: 7 };

describe('each refusal says who may and why', () => {
  it('buying and offering: not one’s own, not reported, only listed, not held for another', () => {
    expect(refuseBuy(chip(), OWNER, NOW)).toEqual({
      code: 'UNPROCESSABLE',
      message: 'You already own this Artchip.',
    });
    expect(refuseOffer(chip(), OWNER, NOW)).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot make an offer on your own Artchip.',
    });
    expect(refuseBuy(chip({ status: 'inactive' }), OTHER, NOW)).toEqual(
      conflict('This Artchip is no longer available.'),
    );
    expect(refuseOffer(chip({ status: 'inactive' }), OTHER, NOW)).toEqual(
      conflict('This Artchip is not available for offers.'),
    );
    expect(refuseOffer(chip(held), 99, NOW)).toEqual(conflict('This Artchip is not available for offers.'));
    expect(refuseOffer(chip(held), OTHER, NOW)).toBeNull();
    expect(refuseBuy(chip(held), 99, NOW)).toEqual(conflict(CHIP_RESERVED_MESSAGE));
    // A visitor (no account yet) may buy and offer.
    expect(refuseBuy(chip(), null, NOW)).toBeNull();
    expect(refuseOffer(chip(), null, NOW)).toBeNull();
  });

  it('activating: the owner of a pending chip that is not reported and is still with us', () => {
    const pending = chip({ status: 'pending' });
    expect(refuseActivate(pending, OTHER)).toEqual(NOT_OWNER);
    expect(refuseActivate(chip(), OWNER)).toEqual(conflict('Only pending Artchips can be activated.'));
    expect(refuseActivate({ ...pending, reportStatus: 'stolen' }, OWNER)).toEqual(
      conflict(reportedMessage('stolen')),
    );
    expect(refuseActivate({ ...pending, custody: 'with_owner' }, OWNER)).toEqual(NOT_IN_VAULT);
    expect(refuseActivate({ ...pending, custody: 'in_transit' }, OWNER)).toEqual(NOT_IN_VAULT);
    expect(refuseActivate({ ...pending, custody: 'dispatching' }, OWNER)).toBeNull();
    expect(refuseActivate(pending, OWNER)).toBeNull();
  });

  it('listing again: the owner of an unlisted or bought chip in the vault, not held', () => {
    expect(refuseList(chip({ status: 'inactive' }), OTHER, NOW)).toEqual(NOT_OWNER);
    expect(refuseList(chip(), OWNER, NOW)).toEqual(conflict('Only unlisted Artchips can be listed.'));
    expect(refuseList(chip({ status: 'pending' }), OWNER, NOW)).toEqual(
      conflict('Only unlisted Artchips can be listed.'),
    );
    expect(refuseList(chip({ status: 'sold', reportStatus: 'lost' }), OWNER, NOW)).toEqual(
      conflict(reportedMessage('lost')),
    );
    expect(refuseList(chip({ status: 'sold', custody: 'with_owner' }), OWNER, NOW)).toEqual(NOT_IN_VAULT);
    expect(refuseList(chip({ status: 'inactive', ...held }), OWNER, NOW)).toEqual(
      conflict(CHIP_RESERVED_MESSAGE),
    );
    expect(refuseList(chip({ status: 'inactive' }), OWNER, NOW)).toBeNull();
    expect(refuseList(chip({ status: 'sold' }), OWNER, NOW)).toBeNull();
  });

  it('unlisting: the owner of a listed chip nobody is buying just now', () => {
    expect(refuseDelist(chip(), OTHER, NOW)).toEqual(NOT_OWNER);
    expect(refuseDelist(chip({ status: 'inactive' }), OWNER, NOW)).toEqual(
      conflict('Only listed Artchips can be unlisted.'),
    );
    expect(refuseDelist(chip(held), OWNER, NOW)).toEqual(conflict(CHIP_RESERVED_MESSAGE));
    expect(refuseDelist(chip(), OWNER, NOW)).toBeNull();
  });

  it('shipping to me: the owner of an activated, unlisted chip in the vault', () => {
    const unlisted = chip({ status: 'inactive' });
    expect(refuseShipToMe(unlisted, OTHER, NOW)).toEqual(NOT_OWNER);
    const notKept = conflict('Only Artchips kept in our vault can be shipped.');
    expect(refuseShipToMe({ ...unlisted, custody: 'with_owner' }, OWNER, NOW)).toEqual(notKept);
    expect(refuseShipToMe(chip({ status: 'pending' }), OWNER, NOW)).toEqual(notKept);
    const unlistFirst = conflict('Unlist this Artchip before asking for it to be shipped.');
    expect(refuseShipToMe(chip(), OWNER, NOW)).toEqual(unlistFirst);
    expect(refuseShipToMe({ ...unlisted, ...held }, OWNER, NOW)).toEqual(unlistFirst);
    expect(refuseShipToMe(unlisted, OWNER, NOW)).toBeNull();
    expect(canDispatchTo(unlisted, OWNER, NOW)).toBe(true);
    expect(canDispatchTo(unlisted, OTHER, NOW)).toBe(false);
  });

  it('transferring, handing over and reporting: the owner of a chip listed once or never, not taken down', () => {
    expect(refuseTransfer(chip(), OTHER, NOW)).toEqual(NOT_OWNER);
    expect(refuseTransfer(chipAtHome(), OWNER, NOW)).toBeNull();
    expect(refuseHandover(chipAtHome(), OWNER, NOW)).toBeNull();
    expect(refuseHandover(chipAtHome(), OTHER, NOW)).toEqual(NOT_OWNER);
    const takenDown = conflict('This Artchip was taken down by an admin.');
    expect(refuseTransfer(chip({ status: 'removed' }), OWNER, NOW)).toEqual(takenDown);
    expect(refuseHandover(chipAtHome({ status: 'removed' }), OWNER, NOW)).toEqual(takenDown);
    expect(canTransferFrom(chip(), OWNER, NOW)).toBe(true);
    expect(canTransferFrom(chip(), OTHER, NOW)).toBe(false);
    expect(refuseHandover(chip(), OWNER, NOW)).toEqual(conflict(HANDOVER_NOT_WITH_OWNER_MESSAGE));
    expect(refuseReport(chip(), OTHER)).toEqual(NOT_OWNER);
    expect(refuseReport(chipAtHome(), OWNER)).toBeNull();
    expect(refuseReport(chipAtHome(), OTHER)).toEqual(NOT_OWNER);
    // The owner of a chip an admin took down can still say it was lost or stolen.
    expect(refuseReport(chip({ status: 'removed' }), OWNER)).toBeNull();
    expect(refuseReport(chip({ status: 'sold' }), OWNER)).toBeNull();
  });

  it('a hold lasts until its end, and shows only once its buyer pays', () => {
    expect(isHeld(chip({ reservedUntil: LATER }), NOW)).toBe(true);
    expect(isHeld(chip({ reservedUntil: NOW }), NOW)).toBe(false);
    expect(isHeld(chip(), NOW)).toBe(false);
    expect(isVisiblyHeld(chip({ reservedUntil: LATER, reservedIdle: false }), NOW)).toBe(true);
    expect(isVisiblyHeld(chip({ reservedUntil: LATER, reservedIdle: true }), NOW)).toBe(false);
    expect(isVisiblyHeld(chip({ reservedUntil: NOW, reservedIdle: false }), NOW)).toBe(false);
  });
});

describe('the actions offered are exactly the moves the guards allow', () => {
  const owner = { id: OWNER, role: 'user' };
  const other = { id: OTHER, role: 'user' };
  const none = {
    buy: false,
    offer: false,
    activate: false,
    list: false,
    delist: false,
    price: false,
    shipToMe: false,
    transfer: false,
    handover: false,
    report: false,
    sendToVault: false,
  };

  it('a pending chip in the vault: its owner may activate, transfer or report it', () => {
    expect(chipActions(chip({ status: 'pending' }), owner, NOW)).toEqual({
      ...none,
      activate: true,
      transfer: true,
      report: true,
    });
    expect(chipActions(chip({ status: 'pending' }), other, NOW)).toEqual(none);
  });

  it('a made chip at home, never listed: its owner may hand it over, transfer, report it or send it to the vault (decision 062)', () => {
    expect(chipActions(chipAtHome(), owner, NOW)).toEqual({
      ...none,
      transfer: true,
      handover: true,
      report: true,
      sendToVault: true,
    });
    expect(chipActions(chipAtHome(), other, NOW)).toEqual(none);
    expect(chipActions(chipAtHome(), null, NOW)).toEqual(none);
  });

  it('a chip an admin took down: its owner may only report it', () => {
    expect(chipActions(chipAtHome({ status: 'removed' }), owner, NOW)).toEqual({ ...none, report: true });
    expect(chipActions(chip({ status: 'removed' }), owner, NOW)).toEqual({ ...none, report: true });
    expect(chipActions(chip({ status: 'removed' }), other, NOW)).toEqual(none);
  });

  it('a listed chip: others buy and offer; its owner unlists, prices, transfers, reports', () => {
    expect(chipActions(chip(), other, NOW)).toEqual({ ...none, buy: true, offer: true });
    expect(chipActions(chip(), null, NOW)).toEqual({ ...none, buy: true, offer: true });
    expect(chipActions(chip(), owner, NOW)).toEqual({
      ...none,
      delist: true,
      price: true,
      transfer: true,
      report: true,
    });
  });

  it('an unlisted chip in the vault: its owner lists, prices, ships, transfers, reports', () => {
    expect(chipActions(chip({ status: 'inactive' }), owner, NOW)).toEqual({
      ...none,
      list: true,
      price: true,
      shipToMe: true,
      transfer: true,
      report: true,
    });
    expect(chipActions(chip({ status: 'inactive' }), other, NOW)).toEqual(none);
  });

  it('a chip at home with its owner: transfer, hand over, report; a bought one cannot be priced', () => {
    expect(chipActions(chip({ status: 'sold', custody: 'with_owner' }), owner, NOW)).toEqual({
      ...none,
      transfer: true,
      handover: true,
      report: true,
      sendToVault: true,
    });
  });

  it('a chip on its way back to the vault: its owner may only report it, until it is checked in', () => {
    expect(chipActions(chip({ status: 'sold', custody: 'inbound' }), owner, NOW)).toEqual({
      ...none,
      report: true,
    });
    // A chip reported lost is not in its owner's hands: it cannot travel in either.
    expect(
      chipActions(chip({ status: 'sold', custody: 'with_owner', reportStatus: 'lost' }), owner, NOW),
    ).toMatchObject({ sendToVault: false, handover: false, report: true });
  });
});
