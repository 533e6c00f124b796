import { expect, test } from 'vitest';
import { OFFER_STATUSES } from '#shared/offers.schemas.ts';
import {
  acceptTransitionFor,
  canTransition,
  isOpenStatus,
  OFFER_TRANSITIONS,
  offerNotifications,
  type OfferTransition,
} from './offer-lifecycle.ts';

const BUYER = 20;
const OWNER = 10;
const offer = { buyerId: BUYER, ownerId: OWNER };

test('which moves each status allows (the offer state machine)', () => {
  const allowed = Object.fromEntries(
    OFFER_STATUSES.map((status) => [
      status,
      (Object.keys(OFFER_TRANSITIONS) as OfferTransition[]).filter((t) => canTransition(t, status)),
    ]),
  );
  expect(allowed).toEqual({
    pending: ['counter', 'accept', 'decline', 'withdraw', 'closed', 'expire'],
    countered: ['acceptCounter', 'decline', 'withdraw', 'closed', 'expire'],
    accepted: ['withdraw', 'closed', 'expire', 'convert'],
    declined: [],
    withdrawn: [],
    expired: [],
    completed: [],
  });
});

test('where each move leads and who makes it', () => {
  const moves = Object.fromEntries(
    Object.entries(OFFER_TRANSITIONS).map(([name, t]) => [name, `${t.by} → ${t.to}`]),
  );
  expect(moves).toEqual({
    make: 'buyer → pending',
    counter: 'owner → countered',
    accept: 'owner → accepted',
    acceptCounter: 'buyer → accepted',
    decline: 'owner → declined',
    withdraw: 'buyer → withdrawn',
    closed: 'system → declined',
    expire: 'system → expired',
    convert: 'system → completed',
  });
});

test('each move e-mails the other party; the buyer accepting a counter is reminded to check out', () => {
  expect(offerNotifications('make', offer)).toEqual([{ userId: OWNER, mail: 'received' }]);
  expect(offerNotifications('counter', offer)).toEqual([{ userId: BUYER, mail: 'countered' }]);
  expect(offerNotifications('accept', offer)).toEqual([{ userId: BUYER, mail: 'accepted' }]);
  expect(offerNotifications('acceptCounter', offer)).toEqual([
    { userId: BUYER, mail: 'counter_accepted' },
    { userId: OWNER, mail: 'buyer_accepted' },
  ]);
  expect(offerNotifications('decline', offer)).toEqual([{ userId: BUYER, mail: 'declined' }]);
  expect(offerNotifications('withdraw', offer)).toEqual([{ userId: OWNER, mail: 'withdrawn' }]);
  expect(offerNotifications('closed', offer)).toEqual([{ userId: BUYER, mail: 'declined' }]);
  expect(offerNotifications('expire', offer)).toEqual([]);
  expect(offerNotifications('convert', offer)).toEqual([]);
});

test('open offers wait for an answer: pending (the owner) or countered (the buyer)', () => {
  expect(OFFER_STATUSES.filter(isOpenStatus)).toEqual(['pending', 'countered']);
});

test('the owner accepts a pending offer, the buyer a counter; nobody else accepts', () => {
  expect(acceptTransitionFor({ ...offer, status: 'pending' }, OWNER)).toBe('accept');
  expect(acceptTransitionFor({ ...offer, status: 'countered' }, BUYER)).toBe('acceptCounter');
  expect(acceptTransitionFor({ ...offer, status: 'pending' }, BUYER)).toBeNull();
  expect(acceptTransitionFor({ ...offer, status: 'countered' }, OWNER)).toBeNull();
  expect(acceptTransitionFor({ ...offer, status: 'accepted' }, OWNER)).toBeNull();
  expect(acceptTransitionFor({ ...offer, status: 'accepted' }, BUYER)).toBeNull();
  expect(acceptTransitionFor({ ...offer, status: 'pending' }, 99)).toBeNull();
});
