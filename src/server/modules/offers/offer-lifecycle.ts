/**
 * The offer lifecycle: its states, the transitions between them, who may make each, and who is told
 * what. OFFER_TRANSITIONS is the table a reader checks (and tests/api/offers/offer-transitions.test.ts walks):
 *
 *   made ─▶ pending ──counter (owner)──▶ countered
 *           pending ──accept (owner)──▶ accepted ◀──acceptCounter (buyer)── countered
 *           pending | countered ──decline (owner)──▶ declined
 *           pending | countered | accepted ──withdraw (buyer)──▶ withdrawn
 *           pending | countered | accepted ──closed (another offer accepted, or the chip sold)──▶ declined
 *           pending | countered | accepted ──expire (time)──▶ expired
 *           accepted ──convert (its checkout paid)──▶ completed
 */
import type { OfferStatus } from '#shared/offers.schemas.ts';
import type { OfferMailKind } from './offers.mail.ts';

/** Who makes a transition, and who may be told about it. */
export type OfferParty = 'buyer' | 'owner';

type Transition = {
  from: readonly OfferStatus[];
  to: OfferStatus;
  /** Who may make it; 'system' for moves the marketplace makes (time, a sale). */
  by: OfferParty | 'system';
  /** Who is e-mailed, and which message; the amount is the one the transition is about. */
  notify: readonly { to: OfferParty; mail: OfferMailKind }[];
};

export const OFFER_TRANSITIONS = {
  make: { from: [], to: 'pending', by: 'buyer', notify: [{ to: 'owner', mail: 'received' }] },
  counter: { from: ['pending'], to: 'countered', by: 'owner', notify: [{ to: 'buyer', mail: 'countered' }] },
  accept: { from: ['pending'], to: 'accepted', by: 'owner', notify: [{ to: 'buyer', mail: 'accepted' }] },
  // The buyer accepting the counter must check out: they get the 48-hour reminder, the owner the news.
  acceptCounter: {
    from: ['countered'],
    to: 'accepted',
    by: 'buyer',
    notify: [
      { to: 'buyer', mail: 'counter_accepted' },
      { to: 'owner', mail: 'buyer_accepted' },
    ],
  },
  decline: {
    from: ['pending', 'countered'],
    to: 'declined',
    by: 'owner',
    notify: [{ to: 'buyer', mail: 'declined' }],
  },
  withdraw: {
    from: ['pending', 'countered', 'accepted'],
    to: 'withdrawn',
    by: 'buyer',
    notify: [{ to: 'owner', mail: 'withdrawn' }],
  },
  closed: {
    from: ['pending', 'countered', 'accepted'],
    to: 'declined',
    by: 'system',
    notify: [{ to: 'buyer', mail: 'declined' }],
  },
  expire: { from: ['pending', 'countered', 'accepted'], to: 'expired', by: 'system', notify: [] },
  convert: { from: ['accepted'], to: 'completed', by: 'system', notify: [] },
} as const satisfies Record<string, Transition>;

export type OfferTransition = keyof typeof OFFER_TRANSITIONS;

/** Offers waiting for an answer: from the owner (pending) or from the buyer (countered). */
export function isOpenStatus(status: OfferStatus): boolean {
  return status === 'pending' || status === 'countered';
}

/** Whether `transition` may start from `status`. */
export function canTransition(transition: OfferTransition, status: OfferStatus): boolean {
  return (OFFER_TRANSITIONS[transition].from as readonly OfferStatus[]).includes(status);
}

/** The e-mails a transition sends: to whom (user id) and which message. */
export function offerNotifications(
  transition: OfferTransition,
  offer: { buyerId: number; ownerId: number },
): { userId: number; mail: OfferMailKind }[] {
  return OFFER_TRANSITIONS[transition].notify.map((n) => ({
    userId: n.to === 'buyer' ? offer.buyerId : offer.ownerId,
    mail: n.mail,
  }));
}

/** The accept transition for whoever is accepting: the owner a pending offer, the buyer a counter. */
export function acceptTransitionFor(
  offer: { status: OfferStatus; buyerId: number; ownerId: number },
  userId: number,
): 'accept' | 'acceptCounter' | null {
  if (offer.ownerId === userId && offer.status === 'pending') return 'accept';
  if (offer.buyerId === userId && offer.status === 'countered') return 'acceptCounter';
  return null;
}
