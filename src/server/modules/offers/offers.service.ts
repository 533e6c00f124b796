/**
 * Offers: the use cases behind /api/offers and /api/artchip/:id/offers. The states, transitions and
 * notifications are offer-lifecycle.ts; the chip's side (may it be offered on, the hold an accepted
 * offer places) is the chip lifecycle's.
 */
import { recordNotificationEvent } from '#server/modules/notifications/index.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import { BRAND } from '#shared/brand.ts';
import { parseUsdToCents } from '#shared/money.ts';
import {
  OFFER_ACCEPTED_HOLD_HOURS,
  OFFER_TTL_DAYS,
  type CounterOfferInput,
  type CreateOfferInput,
  type Offer,
} from '#shared/offers.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import {
  findChipRow,
  holdChip,
  lockChipForChange,
  ownerIdOf,
  refuseBuy,
  refuseOffer,
  refuseDemoSale,
  saleContext,
  releaseChipHold,
} from '#server/modules/chips/index.ts';
import { offerMail, type OfferMailChip } from './offers.mail.ts';
import {
  acceptTransitionFor,
  canTransition,
  isOpenStatus,
  offerNotifications,
  type OfferTransition,
} from './offer-lifecycle.ts';
import {
  countOffersAwaiting,
  declineOpenOffers,
  expireOffers,
  expireOffersOf,
  findOfferRow,
  findOfferWithNames,
  findOpenOfferOfBuyer,
  insertOffer,
  listOffersOf,
  lockOfferRow,
  updateOfferRow,
  type OfferRow,
  type OfferWithNames,
} from './offers.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFER_NOT_FOUND = 'Offer not found';

/** The price an accepted offer fixes: the counter amount when a counter was accepted. */
function agreedAmountCents(
  offer: Pick<OfferRow, 'status' | 'amountCents' | 'counterAmountCents'>,
): number | null {
  if (offer.status !== 'accepted' && offer.status !== 'completed') return null;
  return offer.counterAmountCents ?? offer.amountCents;
}

function isOpen(offer: OfferRow, now: Date): boolean {
  return isOpenStatus(offer.status) && offer.expiresAt > now;
}

function isHolding(offer: OfferRow, now: Date): boolean {
  return offer.status === 'accepted' && offer.acceptedUntil !== null && offer.acceptedUntil > now;
}

/** The status a reader sees: lapsed offers read as expired even before the sweep writes it. */
function visibleStatus(offer: OfferRow, now: Date): OfferRow['status'] {
  if ((offer.status === 'pending' || offer.status === 'countered') && offer.expiresAt <= now)
    return 'expired';
  if (offer.status === 'accepted' && (offer.acceptedUntil === null || offer.acceptedUntil <= now))
    return 'expired';
  return offer.status;
}

function toOffer(row: OfferWithNames, viewerId: number, now: Date): Offer {
  const o = row.offer;
  const status = visibleStatus(o, now);
  const isOwner = viewerId === o.ownerId;
  const isBuyer = viewerId === o.buyerId;
  return {
    id: o.id,
    status,
    artchipId: o.chipId,
    artchipTitle: row.chipTitle,
    artchipSlug: row.chipSlug,
    artchipImageUrl: row.chipImageUrl,
    creatorUsername: row.creatorUsername,
    listPriceCents: row.chipPriceCents,
    highestSaleCents: row.chipHighestSaleCents,
    buyerId: o.buyerId,
    buyerUsername: row.buyerUsername,
    ownerId: o.ownerId,
    ownerUsername: row.ownerUsername,
    amountCents: o.amountCents,
    counterAmountCents: o.counterAmountCents,
    agreedAmountCents: agreedAmountCents({ ...o, status }),
    message: o.message,
    expiresAt: o.expiresAt.toISOString(),
    acceptedUntil: o.acceptedUntil?.toISOString() ?? null,
    orderId: o.orderId,
    createdAt: o.createdAt.toISOString(),
    canAccept: acceptTransitionFor({ ...o, status }, viewerId) !== null,
    canDecline: isOwner && canTransition('decline', status),
    canCounter: isOwner && canTransition('counter', status),
    canWithdraw: isBuyer && canTransition('withdraw', status),
    canCheckout: isBuyer && status === 'accepted',
  };
}

async function offerDto(db: Db, id: number, viewerId: number, now: Date): Promise<Offer> {
  const row = await findOfferWithNames(db, id);
  if (!row) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  return toOffer(row, viewerId, now);
}

/** Sends the e-mails OFFER_TRANSITIONS names for this transition. */
async function notify(
  tx: Db,
  ctx: ServiceContext,
  transition: OfferTransition,
  offer: { buyerId: number; ownerId: number },
  about: { chip: OfferMailChip; amountCents: number },
): Promise<void> {
  for (const { userId, mail } of offerNotifications(transition, offer)) {
    const user = await findAccountById(tx, userId);
    if (user) {
      await enqueueMail(tx, await offerMail(user, ctx.config.publicUrl, mail, about.chip, about.amountCents));
    }
  }
}

/** Declines every other live offer on the chip (closed), telling their buyers. */
async function closeOtherOffers(
  tx: Db,
  ctx: ServiceContext,
  args: { chipId: number; chip: OfferMailChip; keepOfferId: number | null },
): Promise<void> {
  for (const other of await declineOpenOffers(tx, args.chipId, args.keepOfferId)) {
    await notify(tx, ctx, 'closed', other, { chip: args.chip, amountCents: other.amountCents });
  }
}

/** POST /api/artchip/:id/offers: a signed-in buyer offers on a listed chip they do not own. */
export async function createOffer(
  ctx: ServiceContext,
  buyerId: number,
  chipId: number,
  input: CreateOfferInput,
): Promise<Offer> {
  const now = ctx.clock();
  const amountCents = parseUsdToCents(input.amountUsd);
  const id = await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, chipId);
    if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    const ownerId = ownerIdOf(chip);
    const refusal = refuseDemoSale(chip, saleContext(ctx)) ?? refuseOffer(chip, buyerId, now);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    if (await findOpenOfferOfBuyer(tx, chipId, buyerId, now)) {
      throw new AppError('CONFLICT', `You already have an open offer on this ${BRAND.name}.`);
    }
    const offer = await insertOffer(tx, {
      chipId,
      buyerId,
      ownerId,
      amountCents,
      message: input.message || null,
      status: 'pending',
      expiresAt: new Date(now.getTime() + OFFER_TTL_DAYS * DAY_MS),
    });
    await notify(tx, ctx, 'make', offer, { chip, amountCents });
    // Its watchers hear that someone offered (not how much): issue 31.
    await recordNotificationEvent(tx, { type: 'chip_offer', chipId, actorId: buyerId, data: { ownerId } });
    return offer.id;
  });
  return offerDto(ctx.db, id, buyerId, now);
}

/** GET /api/offers/received and /sent, newest first; lapsed offers are marked expired first. */
export async function listMyOffers(
  ctx: ServiceContext,
  userId: number,
  side: 'sent' | 'received',
): Promise<Offer[]> {
  const now = ctx.clock();
  await expireOffersOf(ctx.db, userId, now);
  return (await listOffersOf(ctx.db, userId, side)).map((row) => toOffer(row, userId, now));
}

/** How many offers wait for the user's answer (received) or their move (sent: a counter, a checkout). */
export function countOffersAwaitingUser(
  ctx: ServiceContext,
  userId: number,
): Promise<{ received: number; sent: number }> {
  return countOffersAwaiting(ctx.db, userId, ctx.clock());
}

/** Reads the offer, hiding it from anyone but its buyer and owner. */
async function offerForParty(db: Db, offerId: number, userId: number): Promise<OfferRow> {
  const offer = await findOfferRow(db, offerId);
  if (!offer || (offer.buyerId !== userId && offer.ownerId !== userId))
    throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  return offer;
}

/**
 * POST /api/offers/:id/accept: the owner accepts a pending offer, or the buyer accepts a counter.
 * Under the chip's row lock: the chip must still be the owner's and on sale, held by no other
 * checkout or accepted offer; it is then held for this buyer at the agreed price for 48 hours and
 * every other open offer on it is declined.
 */
export async function acceptOffer(ctx: ServiceContext, userId: number, offerId: number): Promise<Offer> {
  const now = ctx.clock();
  const first = await offerForParty(ctx.db, offerId, userId);
  await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, first.chipId);
    const offer = (await lockOfferRow(tx, offerId))!;
    const transition = acceptTransitionFor(offer, userId);
    if (!transition) {
      if (isOpenStatus(offer.status)) {
        throw new AppError('FORBIDDEN', 'Only the other party can accept this offer.');
      }
      throw new AppError('CONFLICT', 'This offer can no longer be accepted.');
    }
    if (!isOpen(offer, now)) throw new AppError('CONFLICT', 'This offer has expired.');
    if (!chip || ownerIdOf(chip) !== offer.ownerId) {
      throw new AppError('CONFLICT', `This ${BRAND.name} is not available for offers.`);
    }
    const refusal = refuseBuy(chip, offer.buyerId, now);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    const acceptedUntil = new Date(now.getTime() + OFFER_ACCEPTED_HOLD_HOURS * 60 * 60 * 1000);
    const accepted = await updateOfferRow(tx, offer.id, { status: 'accepted', acceptedUntil });
    await holdChip(tx, chip, { buyerId: offer.buyerId, until: acceptedUntil, orderId: null, now });
    await closeOtherOffers(tx, ctx, { chipId: chip.id, chip, keepOfferId: offer.id });
    await notify(tx, ctx, transition, offer, {
      chip,
      amountCents: agreedAmountCents(accepted)!,
    });
  });
  return offerDto(ctx.db, offerId, userId, now);
}

/** Runs an owner-or-buyer transition on a locked offer that must be in one of `from`. */
async function transition(
  ctx: ServiceContext,
  userId: number,
  offerId: number,
  rule: { name: 'decline' | 'counter' | 'withdraw'; party: 'owner' | 'buyer'; verb: string },
  apply: (tx: Db, offer: OfferRow, now: Date) => Promise<void>,
): Promise<Offer> {
  const now = ctx.clock();
  const first = await offerForParty(ctx.db, offerId, userId);
  await ctx.db.transaction(async (tx) => {
    // Chip before offer: the lock order every commerce transaction follows.
    await lockChipForChange(tx, first.chipId);
    const offer = (await lockOfferRow(tx, offerId))!;
    const partyId = rule.party === 'owner' ? offer.ownerId : offer.buyerId;
    if (partyId !== userId)
      throw new AppError('FORBIDDEN', `Only the ${rule.party} can ${rule.verb} this offer.`);
    const isLive = isOpen(offer, now) || isHolding(offer, now);
    if (!canTransition(rule.name, offer.status) || !isLive) {
      throw new AppError(
        'CONFLICT',
        `This offer can no longer be ${rule.verb === 'withdraw' ? 'withdrawn' : `${rule.verb}ed`}.`,
      );
    }
    await apply(tx, offer, now);
  });
  return offerDto(ctx.db, offerId, userId, now);
}

/** Reads without a lock: callers may hold an offer lock, and chip locks are always taken first. */
async function chipForMail(tx: Db, chipId: number): Promise<OfferMailChip> {
  return (await findChipRow(tx, chipId)) ?? { title: BRAND.name, imageUrl: null };
}

/** POST /api/offers/:id/decline (owner): a pending or countered offer is declined. */
export function declineOffer(ctx: ServiceContext, userId: number, offerId: number): Promise<Offer> {
  return transition(
    ctx,
    userId,
    offerId,
    { name: 'decline', party: 'owner', verb: 'decline' },
    async (tx, offer) => {
      await updateOfferRow(tx, offer.id, { status: 'declined' });
      const chip = await chipForMail(tx, offer.chipId);
      await notify(tx, ctx, 'decline', offer, { chip, amountCents: offer.amountCents });
    },
  );
}

/** POST /api/offers/:id/counter (owner): answers a pending offer with another amount, open 7 more days. */
export function counterOffer(
  ctx: ServiceContext,
  userId: number,
  offerId: number,
  input: CounterOfferInput,
): Promise<Offer> {
  const counterCents = parseUsdToCents(input.amountUsd);
  return transition(
    ctx,
    userId,
    offerId,
    { name: 'counter', party: 'owner', verb: 'counter' },
    async (tx, offer, now) => {
      await updateOfferRow(tx, offer.id, {
        status: 'countered',
        counterAmountCents: counterCents,
        expiresAt: new Date(now.getTime() + OFFER_TTL_DAYS * DAY_MS),
      });
      const chip = await chipForMail(tx, offer.chipId);
      await notify(tx, ctx, 'counter', offer, { chip, amountCents: counterCents });
    },
  );
}

/** POST /api/offers/:id/withdraw (buyer): an open or accepted offer is withdrawn, freeing the chip. */
export function withdrawOffer(ctx: ServiceContext, userId: number, offerId: number): Promise<Offer> {
  return transition(
    ctx,
    userId,
    offerId,
    { name: 'withdraw', party: 'buyer', verb: 'withdraw' },
    async (tx, offer) => {
      await updateOfferRow(tx, offer.id, { status: 'withdrawn' });
      const chip = await findChipRow(tx, offer.chipId);
      // A withdrawn acceptance frees the chip it held (not a checkout already under way).
      if (chip && offer.status === 'accepted') await releaseChipHold(tx, chip, { buyerId: offer.buyerId });
      await notify(tx, ctx, 'withdraw', offer, {
        chip: chip ?? { title: BRAND.name, imageUrl: null },
        amountCents: offer.counterAmountCents ?? offer.amountCents,
      });
    },
  );
}

/**
 * For checkout with offerId, under the chip's lock: the buyer's accepted, unexpired offer on this
 * chip, whose agreed amount becomes the price. Anything else is a clear error.
 */
export async function getAcceptedOfferForCheckout(
  tx: Db,
  args: { offerId: number; buyerId: number; chipId: number; now: Date },
): Promise<{ offer: OfferRow; amountCents: number }> {
  const offer = await lockOfferRow(tx, args.offerId);
  if (!offer || offer.buyerId !== args.buyerId || offer.chipId !== args.chipId) {
    throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  }
  if (!isHolding(offer, args.now))
    throw new AppError('CONFLICT', 'This offer is no longer accepted. Please make a new offer.');
  return { offer, amountCents: agreedAmountCents(offer)! };
}

/** Links an offer to the checkout order that uses it. */
export async function attachOfferToOrder(tx: Db, offerId: number, orderId: number): Promise<void> {
  await updateOfferRow(tx, offerId, { orderId });
}

/** When a chip sells: the offer used is completed; every other open or accepted offer is declined. */
export async function closeOffersOnSale(
  tx: Db,
  ctx: ServiceContext,
  args: { chipId: number; offerId: number | null; orderId: number },
): Promise<void> {
  if (args.offerId !== null)
    await updateOfferRow(tx, args.offerId, { status: 'completed', orderId: args.orderId });
  const chip = await chipForMail(tx, args.chipId);
  await closeOtherOffers(tx, ctx, { chipId: args.chipId, chip, keepOfferId: args.offerId });
}

/** Declines every live offer on a chip taken off the site (the demo catalogue's removal), telling their buyers. */
export async function closeOffersOnWithdrawal(tx: Db, ctx: ServiceContext, chipId: number): Promise<void> {
  const chip = await chipForMail(tx, chipId);
  await closeOtherOffers(tx, ctx, { chipId, chip, keepOfferId: null });
}

/** Background sweep: lapsed open offers and lapsed acceptances become expired. */
export function expireLapsedOffers(ctx: ServiceContext): Promise<number> {
  return expireOffers(ctx.db, ctx.clock());
}

/** For a quote: the agreed amount of the buyer's accepted offer on the chip, read without locks. */
export async function findAgreedOfferAmount(
  db: Db,
  args: { offerId: number; buyerId: number; chipId: number; now: Date },
): Promise<number> {
  const offer = await findOfferRow(db, args.offerId);
  if (!offer || offer.buyerId !== args.buyerId || offer.chipId !== args.chipId) {
    throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  }
  if (!isHolding(offer, args.now))
    throw new AppError('CONFLICT', 'This offer is no longer accepted. Please make a new offer.');
  return agreedAmountCents(offer)!;
}
