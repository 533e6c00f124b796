/**
 * The chip lifecycle: the one module that decides what may happen to a chip and the only code that
 * changes its state columns (status, custody, owner, hold). Two explicit state machines:
 *
 *   listing (status):  pending ──activate──▶ active ◀──list── inactive
 *                                  │  ▲ └──delist──▶ inactive
 *                                  │  └──────list────── sold
 *                                  └──sell──▶ sold
 *                      any ──take down (admin)──▶ removed ──restore (admin)──▶ the status it had
 *   owner:             any chip not travelling or taken down ──transfer (fee paid)──▶ new owner, same place
 *   custody:           in_vault ──dispatch──▶ dispatching ──ship──▶ in_transit ──deliver──▶ with_owner
 *                      with_owner ──send to vault──▶ inbound ──check in (a fresh tap of it)──▶ in_vault
 *                      inbound ──refuse (sent back) | cancel──▶ with_owner
 *
 * One meaning per state (docs/decisions/062): pending is "made, not listed yet" and is public, shown
 * as not for sale; only removed (an admin's takedown) hides a chip, and a tap of it still says genuine.
 *
 * A listed chip is always priced and in our vault (the database checks it too), so a sale can be
 * honoured. A hold (an unpaid checkout, or an accepted offer) keeps the chip for one buyer until it
 * lapses. Guards (`refuse*`) are pure and return why a move is not allowed; `chipActions` asks them
 * all for a viewer, so the API answers exactly the buttons that will work. Transitions take the row
 * already locked by the caller's transaction (`lockChipForChange`) and record provenance.
 */
import { BRAND } from '#shared/brand.ts';
import { CHIP_RESERVED_MESSAGE } from '#shared/checkout.schemas.ts';
import type {
  ChipActions,
  ChipCustody,
  ChipEventType,
  ChipReportStatus,
  ChipStatus,
} from '#shared/chips.schemas.ts';
import { DEMO_CHIP_NOT_FOR_SALE_MESSAGE } from '#shared/chips.schemas.ts';
import { HANDOVER_NOT_WITH_OWNER_MESSAGE, reportedMessage } from '#shared/handovers.schemas.ts';
import { VAULT_INTAKE_NONE_MESSAGE, VAULT_INTAKE_OPEN_MESSAGE } from '#shared/vault-intakes.schemas.ts';
import type { Db } from '#server/db/client.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordNotificationEvent } from '#server/modules/notifications/index.ts';
import { insertChipEvent, lockChip, updateChip, type ChipRow, type NewChipRow } from './chips.repo.ts';

/** Who is asking: a signed-in user (or admin), or a visitor. */
export type ChipViewer = { id: number; role: string } | null;

/** Why a move is not allowed: the error the API answers. */
export type Refusal = { code: ErrorCode; message: string };

type ChipState = Pick<
  ChipRow,
  | 'status'
  | 'custody'
  | 'ownerId'
  | 'creatorId'
  | 'priceCents'
  | 'reservedByOrderId'
  | 'reservedForUserId'
  | 'reservedUntil'
  | 'reservedIdle'
  | 'reportStatus'
  | 'isDemo'
  | 'frozenAt'
>;

/**
 * What the marketplace allows beside the chip itself: whether some live payment provider is configured
 * (config.livePayments). Demo-catalogue chips are sold only while every payment is a demo.
 */
export type SaleContext = { livePayments: boolean };

export const CHIP_NOT_AVAILABLE_MESSAGE = `This ${BRAND.name} is no longer available.`;
export const NOT_OWNER_MESSAGE = `Only the owner can change this ${BRAND.name}.`;
const OWN_CHIP_MESSAGE = `You already own this ${BRAND.name}.`;
const OWN_CHIP_OFFER_MESSAGE = `You cannot make an offer on your own ${BRAND.name}.`;
const NOT_IN_VAULT_MESSAGE = `Only ${BRAND.plural} kept in our vault can be listed or shipped.`;
const UNLIST_FIRST_MESSAGE = `Unlist this ${BRAND.name} before asking for it to be shipped.`;

const refuse = (code: ErrorCode, message: string): Refusal => ({ code, message });

/** The current owner: possession is ownership, and the creator owns a chip until its first sale. */
export function ownerIdOf(chip: Pick<ChipRow, 'ownerId' | 'creatorId'>): number {
  return chip.ownerId ?? chip.creatorId;
}

function isListed(chip: Pick<ChipRow, 'status'>): boolean {
  return chip.status === 'active';
}

/** Held for a buyer (checkout or accepted offer) at `now`. */
export function isHeld(chip: Pick<ChipRow, 'reservedUntil'>, now: Date): boolean {
  return chip.reservedUntil !== null && chip.reservedUntil > now;
}

/** Held at `now` for someone other than `userId`. */
function isHeldForOther(chip: ChipState, userId: number | null, now: Date): boolean {
  return isHeld(chip, now) && chip.reservedForUserId !== userId;
}

/**
 * Held at `now` in a way that stops a purchase by `userId`: an accepted offer's hold, or a checkout
 * whose buyer is paying. An idle checkout hold (its buyer has not started paying) yields to a buyer
 * who checks out or pays meanwhile (docs/decisions/033).
 */
function isHeldAgainstBuyer(chip: ChipState, userId: number | null, now: Date): boolean {
  return isHeldForOther(chip, userId, now) && !chip.reservedIdle;
}

/** Whether the chip's live hold shows as "being purchased": idle checkout holds do not. */
export function isVisiblyHeld(chip: Pick<ChipRow, 'reservedUntil' | 'reservedIdle'>, now: Date): boolean {
  return isHeld(chip, now) && !chip.reservedIdle;
}

/**
 * Every made chip is public (its page, QR, /uid and taps), listed or not; only a chip an admin took
 * down (removed) shows to its creator, owner and admins alone.
 */
export function isChipPublic(chip: Pick<ChipRow, 'status'>): boolean {
  return chip.status !== 'removed';
}

/** Whether the chip was ever activated (listed once): pending and taken-down chips were not, or are hidden. */
export function isChipActivated(chip: Pick<ChipRow, 'status'>): boolean {
  return chip.status !== 'pending' && chip.status !== 'removed';
}

const TAKEN_DOWN_MESSAGE = `This ${BRAND.name} was taken down by an admin.`;

/** A chip an admin took down moves only when an admin restores it. */
function refuseTakenDown(chip: Pick<ChipRow, 'status'>): Refusal | null {
  return chip.status === 'removed' ? refuse('CONFLICT', TAKEN_DOWN_MESSAGE) : null;
}

function refuseUnlessOwner(chip: ChipState, actorId: number): Refusal | null {
  return ownerIdOf(chip) === actorId ? null : refuse('FORBIDDEN', NOT_OWNER_MESSAGE);
}

/** What a frozen chip's owner reads (decision 076): its purchase is disputed with the bank or PayPal. */
const CHIP_UNDER_REVIEW_MESSAGE = `This ${BRAND.name} is under review: its payment is disputed. It cannot be sold, offered on, transferred or shipped until the review ends.`;

/** Decision 076: a chip whose purchase is disputed moves nowhere until the dispute closes. */
function refuseFrozen(chip: Pick<ChipRow, 'frozenAt'>): Refusal | null {
  return chip.frozenAt === null ? null : refuse('CONFLICT', CHIP_UNDER_REVIEW_MESSAGE);
}

/** Whether the chip is frozen by an open dispute (its page says "under review" to its owner). */
function isFrozen(chip: Pick<ChipRow, 'frozenAt'>): boolean {
  return chip.frozenAt !== null;
}

/** A chip reported lost or stolen cannot be listed, bought, offered on or claimed until its owner clears it. */
function refuseReported(chip: Pick<ChipRow, 'reportStatus'>): Refusal | null {
  return chip.reportStatus === 'none' ? null : refuse('CONFLICT', reportedMessage(chip.reportStatus));
}

/**
 * PRODUCT.md: a demo-catalogue chip is never sold for real money. While any live provider is
 * configured, buying or offering on one is refused (its admin is told to remove the demo catalogue).
 */
export function refuseDemoSale(chip: Pick<ChipRow, 'isDemo'>, sale: SaleContext): Refusal | null {
  return chip.isDemo && sale.livePayments ? refuse('UNPROCESSABLE', DEMO_CHIP_NOT_FOR_SALE_MESSAGE) : null;
}

/** Buy Now: a listed chip not held for someone else, by anyone but its owner. */
export function refuseBuy(chip: ChipState, buyerId: number | null, now: Date): Refusal | null {
  if (buyerId !== null && ownerIdOf(chip) === buyerId) return refuse('UNPROCESSABLE', OWN_CHIP_MESSAGE);
  const reported = refuseReported(chip);
  if (reported) return reported;
  if (!isListed(chip) || isFrozen(chip)) return refuse('CONFLICT', CHIP_NOT_AVAILABLE_MESSAGE);
  if (isHeldAgainstBuyer(chip, buyerId, now)) return refuse('CONFLICT', CHIP_RESERVED_MESSAGE);
  return null;
}

/** Make Offer: on a listed chip not held for someone else, by anyone but its owner. */
export function refuseOffer(chip: ChipState, buyerId: number | null, now: Date): Refusal | null {
  if (buyerId !== null && ownerIdOf(chip) === buyerId) return refuse('FORBIDDEN', OWN_CHIP_OFFER_MESSAGE);
  const reported = refuseReported(chip);
  if (reported) return reported;
  if (!isListed(chip) || isFrozen(chip) || isHeldForOther(chip, buyerId, now)) {
    return refuse('CONFLICT', `This ${BRAND.name} is not available for offers.`);
  }
  return null;
}

/**
 * Activate: the owner of a pending chip still with us lists it at a price. A chip made for a
 * ship-to-me mint may be activated before it leaves: it then stays in the vault to be sold, and the
 * mint's shipment no longer applies.
 */
export function refuseActivate(chip: ChipState, actorId: number): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  if (chip.status !== 'pending') {
    return refuse('CONFLICT', `Only pending ${BRAND.plural} can be activated.`);
  }
  const reported = refuseReported(chip);
  if (reported) return reported;
  if (chip.custody !== 'in_vault' && chip.custody !== 'dispatching') {
    return refuse('CONFLICT', NOT_IN_VAULT_MESSAGE);
  }
  return null;
}

/** List again: the owner of an unlisted or bought chip in our vault. */
export function refuseList(chip: ChipState, actorId: number, now: Date): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  if (chip.status !== 'inactive' && chip.status !== 'sold') {
    return refuse('CONFLICT', `Only unlisted ${BRAND.plural} can be listed.`);
  }
  const frozen = refuseFrozen(chip);
  if (frozen) return frozen;
  const reported = refuseReported(chip);
  if (reported) return reported;
  if (chip.custody !== 'in_vault') return refuse('CONFLICT', NOT_IN_VAULT_MESSAGE);
  if (isHeld(chip, now)) return refuse('CONFLICT', CHIP_RESERVED_MESSAGE);
  return null;
}

/** Unlist: the owner of a listed chip nobody is buying just now. */
export function refuseDelist(chip: ChipState, actorId: number, now: Date): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  if (!isListed(chip)) return refuse('CONFLICT', `Only listed ${BRAND.plural} can be unlisted.`);
  if (isHeld(chip, now)) return refuse('CONFLICT', CHIP_RESERVED_MESSAGE);
  return null;
}

/** Price: the owner of an activated chip that is not sold to them just now (listed or unlisted). */
function refusePrice(chip: ChipState, actorId: number): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  if (chip.status !== 'active' && chip.status !== 'inactive') {
    return refuse('CONFLICT', `Only active ${BRAND.plural} can be priced.`);
  }
  return null;
}

/** Ship to me: the owner of an activated chip in our vault that is not on the market. */
export function refuseShipToMe(chip: ChipState, actorId: number, now: Date): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  if (chip.custody !== 'in_vault' || !isChipActivated(chip)) {
    return refuse('CONFLICT', `Only ${BRAND.plural} kept in our vault can be shipped.`);
  }
  const frozen = refuseFrozen(chip);
  if (frozen) return frozen;
  if (isListed(chip) || isHeld(chip, now)) return refuse('CONFLICT', UNLIST_FIRST_MESSAGE);
  return null;
}

const ON_ITS_WAY_MESSAGE = `This ${BRAND.name} is on its way. Transfer it once it has arrived.`;

/**
 * Transfer: the owner of a chip that is not travelling, not taken down, and that no buyer is paying
 * for just now, whether or not it was ever listed. A listed chip comes off the market when its
 * transfer is placed (delistForTransfer).
 */
export function refuseTransfer(chip: ChipState, actorId: number, now: Date): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  const takenDown = refuseTakenDown(chip);
  if (takenDown) return takenDown;
  const frozen = refuseFrozen(chip);
  if (frozen) return frozen;
  if (chip.custody === 'dispatching' || chip.custody === 'in_transit') {
    return refuse('CONFLICT', ON_ITS_WAY_MESSAGE);
  }
  if (chip.custody === 'inbound') return refuse('CONFLICT', VAULT_INTAKE_OPEN_MESSAGE);
  if (isHeld(chip, now)) return refuse('CONFLICT', CHIP_RESERVED_MESSAGE);
  return null;
}

/**
 * Hand over by tap (issue 15): the owner of a chip that is with them (not in our vault, not
 * travelling), listed once or never, not taken down, not reported and not held. Whoever holds it then claims it with a fresh tap.
 */
export function refuseHandover(chip: ChipState, actorId: number, now: Date): Refusal | null {
  const transfer = refuseTransfer(chip, actorId, now);
  if (transfer) return transfer;
  if (chip.custody !== 'with_owner') return refuse('CONFLICT', HANDOVER_NOT_WITH_OWNER_MESSAGE);
  return refuseReported(chip);
}

/**
 * Report lost or stolen, or clear the report: the owner of any chip, listed once or never; even one
 * an admin took down (a lost chip's owner must still be able to say so).
 */
export function refuseReport(chip: ChipState, actorId: number): Refusal | null {
  return refuseUnlessOwner(chip, actorId);
}

/**
 * Send to the vault (issue 28): the owner of a chip they hold, listed before or never listed, that is
 * not reported lost or stolen and that no buyer is paying for.
 */
function refuseSendToVault(chip: ChipState, actorId: number, now: Date): Refusal | null {
  const notOwner = refuseUnlessOwner(chip, actorId);
  if (notOwner) return notOwner;
  const takenDown = refuseTakenDown(chip);
  if (takenDown) return takenDown;
  if (chip.custody === 'inbound') return refuse('CONFLICT', VAULT_INTAKE_OPEN_MESSAGE);
  if (chip.custody !== 'with_owner') {
    return refuse('CONFLICT', `Only ${BRAND.plural} you hold can be sent to the vault.`);
  }
  const frozen = refuseFrozen(chip);
  if (frozen) return frozen;
  const reported = refuseReported(chip);
  if (reported) return reported;
  if (isHeld(chip, now)) return refuse('CONFLICT', CHIP_RESERVED_MESSAGE);
  return null;
}

/** What `viewer` may do with the chip at `now`: exactly the moves the guards allow. */
export function chipActions(
  chip: ChipState,
  viewer: ChipViewer,
  now: Date,
  sale: SaleContext = { livePayments: false },
): ChipActions {
  const viewerId = viewer?.id ?? null;
  const isOwner = viewerId !== null && ownerIdOf(chip) === viewerId;
  const demoClosed = refuseDemoSale(chip, sale) !== null;
  return {
    buy: !isOwner && !demoClosed && refuseBuy(chip, viewerId, now) === null,
    offer: !isOwner && !demoClosed && refuseOffer(chip, viewerId, now) === null,
    activate: isOwner && refuseActivate(chip, viewerId) === null,
    list: isOwner && refuseList(chip, viewerId, now) === null,
    delist: isOwner && refuseDelist(chip, viewerId, now) === null,
    price: isOwner && refusePrice(chip, viewerId) === null,
    shipToMe: isOwner && refuseShipToMe(chip, viewerId, now) === null,
    transfer: isOwner && refuseTransfer(chip, viewerId, now) === null,
    handover: isOwner && refuseHandover(chip, viewerId, now) === null,
    report: isOwner && refuseReport(chip, viewerId) === null,
    sendToVault: isOwner && refuseSendToVault(chip, viewerId, now) === null,
  };
}

function assertAllowed(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/** Locks the chip row for a change (SELECT … FOR UPDATE); every commerce transaction locks the chip first. */
export async function lockChipForChange(tx: Db, chipId: number): Promise<ChipRow | null> {
  return lockChip(tx, chipId);
}

type Move = {
  /** Who did it (null: the system, e.g. a payment). */
  actorUserId: number | null;
  orderId?: number | null;
  data?: Record<string, unknown>;
};

async function apply(
  tx: Db,
  chip: ChipRow,
  patch: Partial<NewChipRow>,
  event: { type: ChipEventType } & Move,
): Promise<ChipRow> {
  const next = (await updateChip(tx, chip.id, patch))!;
  await insertChipEvent(tx, {
    chipId: chip.id,
    type: event.type,
    actorUserId: event.actorUserId,
    orderId: event.orderId ?? null,
    data: event.data ?? {},
  });
  await recordForNotifications(tx, chip, next, event);
  return next;
}

/**
 * The moves people may be told of (issue 31, decision 079), recorded in the same transaction and
 * fanned out by a job after commit: a listing (its first: the creator's followers hear of it), a
 * lower price on a listed chip, a sale.
 */
async function recordForNotifications(
  tx: Db,
  before: ChipRow,
  after: ChipRow,
  event: { type: ChipEventType } & Move,
): Promise<void> {
  const base = { chipId: after.id, actorId: event.actorUserId };
  if (event.type === 'listed' && after.status === 'active') {
    await recordNotificationEvent(tx, {
      ...base,
      type: 'chip_listed',
      data: { first: before.status === 'pending', priceCents: after.priceCents },
    });
  } else if (
    event.type === 'priced' &&
    after.status === 'active' &&
    before.priceCents !== null &&
    after.priceCents !== null &&
    after.priceCents < before.priceCents
  ) {
    await recordNotificationEvent(tx, {
      ...base,
      type: 'chip_priced',
      data: { priceCents: after.priceCents, previousPriceCents: before.priceCents },
    });
  } else if (event.type === 'sold') {
    await recordNotificationEvent(tx, {
      ...base,
      type: 'chip_sold',
      data: { priceCents: event.data?.priceCents ?? null, sellerId: event.data?.sellerId ?? null },
    });
  }
}

/**
 * The price patch. A listed price never raises the fee base (highestPriceCents, the highest price
 * actually paid): listing at $1,000,000 and repricing would otherwise take every later owner's sale.
 */
function pricePatch(priceCents: number): Partial<NewChipRow> {
  return { priceCents };
}

/** pending → active at a price. */
export async function activateChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; priceCents: number; description?: string | null | undefined },
): Promise<ChipRow> {
  assertAllowed(refuseActivate(chip, args.actorId));
  return apply(
    tx,
    chip,
    {
      status: 'active',
      custody: 'in_vault',
      ...pricePatch(args.priceCents),
      ...(args.description !== undefined ? { description: args.description } : {}),
    },
    {
      type: 'listed',
      actorUserId: args.actorId,
      data: { priceCents: args.priceCents, ...(chip.custody === 'dispatching' ? { keptInVault: true } : {}) },
    },
  );
}

/** inactive | sold → active, at a new price or the one it has. */
export async function listChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; priceCents?: number | undefined; now: Date; resale?: boolean },
): Promise<ChipRow> {
  assertAllowed(refuseList(chip, args.actorId, args.now));
  const priceCents = args.priceCents ?? chip.priceCents;
  if (priceCents === null) {
    throw new AppError('VALIDATION_FAILED', 'USD price is required', {
      fieldErrors: { priceUsd: ['USD price is required'] },
    });
  }
  return apply(
    tx,
    chip,
    { status: 'active', ...pricePatch(priceCents), ...(args.resale ? { paypalEnabled: false } : {}) },
    {
      type: 'listed',
      actorUserId: args.actorId,
      data: { priceCents, ...(args.resale ? { resale: true } : {}) },
    },
  );
}

/** active → inactive (the owner takes it off the market; it is not sold). */
export async function delistChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; now: Date },
): Promise<ChipRow> {
  assertAllowed(refuseDelist(chip, args.actorId, args.now));
  return apply(tx, chip, { status: 'inactive' }, { type: 'unlisted', actorUserId: args.actorId });
}

/** A new price (and direct-PayPal choice) on a listed or unlisted chip. */
export async function priceChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; priceCents: number; paypalEnabled: boolean },
): Promise<ChipRow> {
  assertAllowed(refusePrice(chip, args.actorId));
  return apply(
    tx,
    chip,
    { ...pricePatch(args.priceCents), paypalEnabled: args.paypalEnabled },
    {
      type: 'priced',
      actorUserId: args.actorId,
      data: { priceCents: args.priceCents, paypalEnabled: args.paypalEnabled },
    },
  );
}

/**
 * Holds a listed chip for one buyer until `until`: a checkout (with its order) or an accepted offer
 * (no order). The caller has checked refuseBuy for that buyer.
 */
export async function holdChip(
  tx: Db,
  chip: ChipRow,
  args: { buyerId: number; until: Date; orderId: number | null; now: Date; idle?: boolean },
): Promise<ChipRow> {
  assertAllowed(refuseBuy(chip, args.buyerId, args.now));
  return (await updateChip(tx, chip.id, {
    reservedForUserId: args.buyerId,
    reservedUntil: args.until,
    reservedByOrderId: args.orderId,
    reservedIdle: args.orderId !== null && (args.idle ?? false),
  }))!;
}

/**
 * The buyer of the order holding the chip started paying: the hold stops yielding and lasts until
 * `until` (the provider's payment window), never shorter than it already was.
 */
export async function holdChipWhilePaying(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; until: Date },
): Promise<ChipRow> {
  if (chip.reservedByOrderId !== args.orderId)
    throw new Error(`chip ${chip.id} is not held by order ${args.orderId}`);
  const until = chip.reservedUntil && chip.reservedUntil > args.until ? chip.reservedUntil : args.until;
  return (await updateChip(tx, chip.id, { reservedUntil: until, reservedIdle: false }))!;
}

/**
 * Ends a hold: the one an order placed (a checkout that failed or lapsed), or the one an accepted
 * offer placed for `buyerId`. Another order's or buyer's hold is left alone. `keepForBuyer` keeps an
 * offer's hold when only its checkout ended.
 */
export async function releaseChipHold(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; keepForBuyer?: boolean } | { buyerId: number },
): Promise<void> {
  if ('orderId' in args) {
    if (chip.reservedByOrderId !== args.orderId) return;
    await updateChip(
      tx,
      chip.id,
      args.keepForBuyer
        ? { reservedByOrderId: null, reservedIdle: false }
        : { reservedByOrderId: null, reservedForUserId: null, reservedUntil: null, reservedIdle: false },
    );
    return;
  }
  if (chip.reservedForUserId !== args.buyerId || chip.reservedByOrderId !== null) return;
  await updateChip(tx, chip.id, { reservedForUserId: null, reservedUntil: null });
}

/**
 * Whether a paid purchase can still be honoured: the chip is still the seller's and either held by
 * this order or, its hold lapsed, still listed and held for nobody else.
 */
export function canSellTo(
  chip: ChipRow,
  args: { orderId: number; sellerId: number; buyerId: number; now: Date },
): boolean {
  if (ownerIdOf(chip) !== args.sellerId || isFrozen(chip)) return false;
  if (chip.reservedByOrderId === args.orderId) return isListed(chip);
  return refuseBuy(chip, args.buyerId, args.now) === null;
}

/**
 * active → sold to the buyer of a paid order. Kept in the vault in their name, or leaving it for
 * them ('ship'): a vault purchase never waits for a shipment.
 */
export async function sellChip(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; buyerId: number; sellerId: number; priceCents: number; shippingOption: string },
): Promise<ChipRow> {
  const custody: ChipCustody = args.shippingOption === 'ship' ? 'dispatching' : 'in_vault';
  return apply(
    tx,
    chip,
    {
      ownerId: args.buyerId,
      status: 'sold',
      custody,
      highestPriceCents: Math.max(chip.highestPriceCents, args.priceCents),
      reservedByOrderId: null,
      reservedForUserId: null,
      reservedUntil: null,
      reservedIdle: false,
    },
    {
      type: 'sold',
      actorUserId: args.buyerId,
      orderId: args.orderId,
      data: {
        priceCents: args.priceCents,
        sellerId: args.sellerId,
        buyerId: args.buyerId,
        shippingOption: args.shippingOption,
      },
    },
  );
}

/**
 * Whether a refunded purchase can give the chip back to its seller: the buyer still owns it, in our
 * vault, untouched since (not listed, and no hold on it, even a lapsed one not yet swept). A purchase
 * kept in the vault finds it there; one to ship finds it still waiting for the carrier (dispatching),
 * not yet handed over (issue 28: an admin cancels and refunds a paid order until it ships).
 */
export function canUnsell(
  chip: ChipRow,
  order: { buyerId: number; shippingOption: 'ship' | 'store' },
): boolean {
  return (
    ownerIdOf(chip) === order.buyerId &&
    chip.custody === (order.shippingOption === 'ship' ? 'dispatching' : 'in_vault') &&
    chip.status !== 'active' &&
    chip.reservedForUserId === null
  );
}

/** A refunded purchase: the chip goes back to its seller, off sale, in the vault (a shipment not sent stays). */
export async function unsellChip(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; sellerId: number; actorUserId: number | null; reason: string },
): Promise<ChipRow> {
  return apply(
    tx,
    chip,
    { ownerId: args.sellerId, status: 'inactive', custody: 'in_vault' },
    {
      type: 'refunded',
      actorUserId: args.actorUserId,
      orderId: args.orderId,
      data: { returnedTo: args.sellerId, reason: args.reason },
    },
  );
}

/** A refunded shipment that has not left: dispatching → in_vault. */
export async function undispatchChip(tx: Db, chip: ChipRow): Promise<ChipRow> {
  return (await updateChip(tx, chip.id, { custody: 'in_vault' }))!;
}

/** with_owner → inbound: its owner sends it back to our vault under `reference`. */
export async function sendChipToVault(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; reference: string; now: Date },
): Promise<ChipRow> {
  assertAllowed(refuseSendToVault(chip, args.actorId, args.now));
  return apply(
    tx,
    chip,
    { custody: 'inbound' },
    { type: 'vault_requested', actorUserId: args.actorId, data: { reference: args.reference } },
  );
}

function assertInbound(chip: ChipRow): void {
  if (chip.custody !== 'inbound') throw new AppError('CONFLICT', VAULT_INTAKE_NONE_MESSAGE);
}

/** The parcel arrived and is opened: provenance only, the chip is checked in by a tap later. */
export async function recordChipAtVault(
  tx: Db,
  chip: ChipRow,
  args: { adminId: number; reference: string },
): Promise<void> {
  assertInbound(chip);
  await insertChipEvent(tx, {
    chipId: chip.id,
    type: 'vault_received',
    actorUserId: args.adminId,
    orderId: null,
    data: { reference: args.reference },
  });
}

/** inbound → in_vault: an admin's fresh, verified tap of this very chip checked it in. */
export async function checkChipIntoVault(
  tx: Db,
  chip: ChipRow,
  args: { adminId: number; reference: string; counter: number },
): Promise<ChipRow> {
  assertInbound(chip);
  return apply(
    tx,
    chip,
    { custody: 'in_vault' },
    {
      type: 'vault_checked_in',
      actorUserId: args.adminId,
      data: { reference: args.reference, counter: args.counter },
    },
  );
}

/** inbound → with_owner: refused at the vault (sent back, with the reason), or its owner cancelled. */
export async function returnChipToOwner(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; reference: string; reason: string | null },
): Promise<ChipRow> {
  assertInbound(chip);
  return apply(
    tx,
    chip,
    { custody: 'with_owner' },
    args.reason === null
      ? { type: 'vault_cancelled', actorUserId: args.actorId, data: { reference: args.reference } }
      : {
          type: 'vault_refused',
          actorUserId: args.actorId,
          data: { reference: args.reference, reason: args.reason },
        },
  );
}

/** A transfer is placed: a listed chip comes off the market so nobody buys it meanwhile. */
export async function delistForTransfer(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; orderId: number; now: Date },
): Promise<ChipRow> {
  assertAllowed(refuseTransfer(chip, args.actorId, args.now));
  if (!isListed(chip)) return chip;
  return apply(
    tx,
    chip,
    { status: 'inactive' },
    { type: 'unlisted', actorUserId: args.actorId, orderId: args.orderId, data: { forTransfer: true } },
  );
}

/** Whether a paid transfer can still hand the chip on: `fromUserId` still owns it and may transfer it. */
export function canTransferFrom(chip: ChipRow, fromUserId: number, now: Date): boolean {
  return refuseTransfer(chip, fromUserId, now) === null;
}

/**
 * A paid transfer: the chip changes owner where it is (a vaulted chip stays in the vault, in the new
 * owner's name), off the market; it is not a sale, so the fee base stays.
 */
export async function transferChip(
  tx: Db,
  chip: ChipRow,
  args: {
    orderId: number | null;
    fromUserId: number;
    toUserId: number;
    feeCents: number;
    /** A hand-over claimed by a tap (issue 15): provenance "handed over, claimed by tap". */
    handoverId?: number;
  },
): Promise<ChipRow> {
  const data = { fromUserId: args.fromUserId, toUserId: args.toUserId, feeCents: args.feeCents };
  return apply(
    tx,
    chip,
    { ownerId: args.toUserId, ...(isListed(chip) ? { status: 'inactive' as const } : {}) },
    args.handoverId === undefined
      ? { type: 'transferred', actorUserId: args.fromUserId, orderId: args.orderId, data }
      : {
          type: 'handed_over',
          actorUserId: args.toUserId,
          orderId: args.orderId,
          data: { ...data, handoverId: args.handoverId, claimedByTap: true },
        },
  );
}

/**
 * The owner reports the chip lost or stolen, or clears the report. A listed chip comes off the
 * market (a buyer paying for it meanwhile is refunded: the sale can no longer be honoured).
 */
export async function reportChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; status: ChipReportStatus; now: Date },
): Promise<ChipRow> {
  assertAllowed(refuseReport(chip, args.actorId));
  if (args.status === chip.reportStatus) return chip;
  const delist = args.status !== 'none' && isListed(chip);
  return apply(
    tx,
    chip,
    {
      reportStatus: args.status,
      reportedAt: args.status === 'none' ? null : args.now,
      ...(delist ? { status: 'inactive' as const } : {}),
    },
    { type: 'reported', actorUserId: args.actorId, data: { status: args.status, delisted: delist } },
  );
}

/** Whether a paid shipment of the chip to `ownerId` can start: theirs, in the vault, off the market. */
export function canDispatchTo(chip: ChipRow, ownerId: number, now: Date): boolean {
  return refuseShipToMe(chip, ownerId, now) === null;
}

/** in_vault → dispatching: a paid shipment to the owner waits for the carrier. */
export async function dispatchChip(tx: Db, chip: ChipRow): Promise<ChipRow> {
  return (await updateChip(tx, chip.id, { custody: 'dispatching' }))!;
}

/**
 * Whether the order that is shipping this chip may mark it shipped: the chip must be leaving our vault
 * for that order's buyer, who still owns it. A chip sold on meanwhile is not the order's to ship.
 */
export function canShipFor(chip: ChipRow, order: { buyerId: number }): boolean {
  return chip.custody === 'dispatching' && ownerIdOf(chip) === order.buyerId && !isFrozen(chip);
}

/** dispatching → in_transit, with the carrier's tracking. */
export async function shipChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; orderId: number; carrier: string; trackingNumber: string },
): Promise<ChipRow> {
  assertAllowed(refuseFrozen(chip));
  if (chip.custody !== 'dispatching') {
    throw new AppError('CONFLICT', `This ${BRAND.name} is not waiting to be shipped.`);
  }
  return apply(
    tx,
    chip,
    { custody: 'in_transit' },
    {
      type: 'shipped',
      actorUserId: args.actorId,
      orderId: args.orderId,
      data: { carrier: args.carrier, trackingNumber: args.trackingNumber },
    },
  );
}

/**
 * in_transit → with_owner. `actorId` is who confirmed it (null: the auto-delivery job); `by` says how
 * (decision 064), kept on the provenance step.
 */
export async function deliverChip(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number | null; orderId: number; by?: string },
): Promise<ChipRow> {
  if (chip.custody !== 'in_transit') {
    throw new AppError('CONFLICT', `This ${BRAND.name} is not on its way.`);
  }
  return apply(
    tx,
    chip,
    { custody: 'with_owner' },
    {
      type: 'delivered',
      orderId: args.orderId,
      actorUserId: args.actorId,
      ...(args.by ? { data: { by: args.by } } : {}),
    },
  );
}

/**
 * An admin's direct change of the listing state (admin chip form); the same database rules hold.
 * `removed` takes the chip down (its event keeps the status it had, so restoring it can go back).
 */
export async function setChipStatusByAdmin(
  tx: Db,
  chip: ChipRow,
  args: { adminId: number; status: ChipStatus },
): Promise<ChipRow> {
  if (args.status === chip.status) return chip;
  if (args.status === 'active' && (chip.priceCents === null || chip.custody !== 'in_vault')) {
    throw new AppError('CONFLICT', `Only a priced ${BRAND.name} in our vault can be listed.`);
  }
  const type: ChipEventType = args.status === 'active' ? 'listed' : 'unlisted';
  const data =
    args.status === 'removed'
      ? { status: args.status, takenDown: true, from: chip.status }
      : { status: args.status, ...(chip.status === 'removed' ? { restored: true } : {}) };
  return apply(tx, chip, { status: args.status }, { type, actorUserId: args.adminId, data });
}

/**
 * The status a taken-down chip goes back to when an admin restores it without naming one: the one it
 * had before the takedown, except that a listed chip comes back unlisted (its owner lists it again).
 * Takedowns from before decision 062 did not keep it: those chips had all been activated (inactive).
 */
export function restoredStatus(takedown: { data: Record<string, unknown> } | null): ChipStatus {
  const from = takedown?.data.from;
  return from === 'pending' || from === 'sold' ? from : 'inactive';
}

/**
 * Decision 076: a dispute of the order that brought the chip to its owner opened; it moves nowhere
 * until the dispute closes. A listed chip stays listed but cannot be bought (refuseBuy).
 */
export async function freezeChip(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; disputeId: number; now: Date },
): Promise<ChipRow> {
  if (isFrozen(chip)) return chip;
  return apply(
    tx,
    chip,
    { frozenAt: args.now },
    { type: 'frozen', actorUserId: null, orderId: args.orderId, data: { disputeId: args.disputeId } },
  );
}

/** Decision 076: the dispute closed (won, or lost with the chip not ours to take): it moves again. */
export async function unfreezeChip(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; disputeId: number; outcome: string },
): Promise<ChipRow> {
  if (!isFrozen(chip)) return chip;
  return apply(
    tx,
    chip,
    { frozenAt: null },
    {
      type: 'unfrozen',
      actorUserId: null,
      orderId: args.orderId,
      data: { disputeId: args.disputeId, outcome: args.outcome },
    },
  );
}

/**
 * Decision 076: a lost dispute takes a chip still in our vault, still owned by the buyer who disputed
 * its payment, into the platform's account (the support address's account), off the market,
 * unfrozen. Only while it is in the vault: a chip with its buyer, or sold on, stays where it is.
 */
export function canReclaim(chip: ChipRow, buyerId: number): boolean {
  return ownerIdOf(chip) === buyerId && chip.custody === 'in_vault';
}

/** The lost dispute's chip moves into the platform's account, unlisted and unfrozen (canReclaim). */
export async function reclaimChip(
  tx: Db,
  chip: ChipRow,
  args: { orderId: number; disputeId: number; platformUserId: number },
): Promise<ChipRow> {
  return apply(
    tx,
    chip,
    {
      ownerId: args.platformUserId,
      frozenAt: null,
      ...(isListed(chip) ? { status: 'inactive' as const } : {}),
      reservedByOrderId: null,
      reservedForUserId: null,
      reservedUntil: null,
      reservedIdle: false,
    },
    {
      type: 'reclaimed',
      actorUserId: null,
      orderId: args.orderId,
      data: { disputeId: args.disputeId, fromUserId: ownerIdOf(chip), toUserId: args.platformUserId },
    },
  );
}
