/**
 * Placing a checkout's order inside its transaction, shared by checkout and pay-again (Pay now): the
 * mint or purchase is priced from the settings and token price of now, and a purchase holds its chip
 * for the buyer under the chip's row lock, exactly as a checkout does.
 */
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import { IMAGE_REQUIRED_MESSAGE } from '#shared/media.schemas.ts';
import { computeOrderSummary, DOMESTIC_COUNTRY, type OrderSummary } from '#shared/pricing.ts';
import { normalizeCountryCode } from '#shared/address-format.ts';
import { ADDRESS_WITHOUT_COUNTRY_MESSAGE, type ShippingAddress } from '#shared/addresses.schemas.ts';
import { HOLD_LIMIT_MESSAGE, MAX_OPEN_HOLDS, SELECT_ADDRESS_MESSAGE } from '#shared/checkout.schemas.ts';
import type { MintDesign } from '#shared/orders.schemas.ts';
import type { PaymentMethod, PricingSettings } from '#shared/settings.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findMediaByHash } from '#server/modules/media/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import {
  cancelOrder,
  countOpenHolds,
  holdAllowanceLock,
  lockOrder,
  placedDataWithDesign,
  placeOrder,
  type OrderRow,
  type ShippingAddressSnapshot,
} from '#server/modules/orders/index.ts';
import {
  holdChip,
  isHeld,
  lockChipForChange,
  ownerIdOf,
  refuseBuy,
  refuseDemoSale,
  type ChipRow,
  type SaleContext,
} from '#server/modules/chips/index.ts';
import { attachOfferToOrder, getAcceptedOfferForCheckout } from '#server/modules/offers/index.ts';
import type { PaymentProvider } from '#server/modules/payments/index.ts';

/**
 * The snapshot an order keeps of the buyer's saved address `id`. Refused as the spec's "select an
 * address" when it is not theirs, and when it has no country (rows saved with the old "other"), since
 * nobody could ship it.
 */
export function savedAddressSnapshot(
  addresses: ShippingAddress[],
  id: number | null | undefined,
): ShippingAddressSnapshot {
  const saved = addresses.find((a) => a.id === id);
  if (!saved) {
    throw new AppError('VALIDATION_FAILED', SELECT_ADDRESS_MESSAGE, {
      fieldErrors: { shippingAddressId: [SELECT_ADDRESS_MESSAGE] },
    });
  }
  const country = normalizeCountryCode(saved.country);
  if (!country) {
    throw new AppError('VALIDATION_FAILED', ADDRESS_WITHOUT_COUNTRY_MESSAGE, {
      fieldErrors: { shippingAddressId: [ADDRESS_WITHOUT_COUNTRY_MESSAGE] },
    });
  }
  return {
    name: saved.name,
    addressLine1: saved.addressLine1,
    addressLine2: saved.addressLine2,
    city: saved.city,
    state: saved.state,
    zipCode: saved.zipCode,
    country,
  };
}

/** What every order a checkout places carries, whatever it buys. */
export type OrderRequest = {
  buyerId: number;
  paymentMethod: PaymentMethod;
  paymentProvider: PaymentProvider['name'];
  shippingOption: 'ship' | 'store';
  shippingAddress: ShippingAddressSnapshot | null;
  tokenPriceUsd: string;
  /** The quoted amounts (and a purchase's hold) last until then. */
  quoteExpiresAt: Date;
  isNewAccount: boolean;
  guestTokenHash: string | null;
  /** 'pending' for a guest checkout with an existing account's e-mail, until its owner confirms. */
  buyerConfirmation?: 'not_needed' | 'pending' | 'confirmed';
  /** Hash of the client that placed it, bounding the open holds per client. */
  clientKey?: string | null;
};

/**
 * What a mint asks for; imageUrl is an uploaded media URL (null for a surprize mint). The design is
 * the studio's shape and crop (no crop for a surprize mint: the artwork is made for it).
 */
export type MintRequest = {
  isSurprize: boolean;
  title: string;
  description: string | null;
  associatedUrl: string | null;
  imageUrl: string | null;
  design: MintDesign;
};

/** A placed order, its summary, and what the payment provider is told about it. */
export type PlacedOrder = {
  order: OrderRow;
  summary: OrderSummary;
  title: string;
  sellerPaypalEmail: string | null;
};

/** The custom mint's image must be one uploaded through POST /api/media. */
export async function requireUploadedImage(db: Db, imageUrl: string | null | undefined): Promise<string> {
  const hash = imageUrl ? /([0-9a-f]{64})\.(?:webp|jpg|png|gif)$/.exec(imageUrl)?.[1] : undefined;
  const media = hash ? await findMediaByHash(db, hash) : null;
  if (!media || media.originalUrl !== imageUrl) {
    throw new AppError('VALIDATION_FAILED', IMAGE_REQUIRED_MESSAGE, {
      fieldErrors: { 'mintData.imageUrl': [IMAGE_REQUIRED_MESSAGE] },
    });
  }
  return media.originalUrl;
}

function summaryBase(request: OrderRequest, settings: PricingSettings) {
  return {
    settings,
    paymentMethod: request.paymentMethod,
    shippingOption: request.shippingOption,
    country: request.shippingAddress?.country ?? DOMESTIC_COUNTRY,
    tokenPriceUsd: request.tokenPriceUsd,
  };
}

/** Places a mint order; `timeline` and the mint's design go on its 'placed' step. */
export async function placeMintOrder(
  tx: Db,
  request: OrderRequest,
  args: { settings: PricingSettings; mint: MintRequest; timeline?: Record<string, unknown> },
): Promise<PlacedOrder> {
  const { mint } = args;
  const summary = computeOrderSummary({
    ...summaryBase(request, args.settings),
    orderType: 'mint',
    mintKind: mint.isSurprize ? 'surprize' : 'custom',
  });
  const order = await placeOrder(
    tx,
    {
      ...request,
      ...summary,
      orderType: 'mint',
      isSurprize: mint.isSurprize,
      mintTitle: mint.title,
      mintDescription: mint.description,
      mintAssociatedUrl: mint.associatedUrl,
      originalImageUrl: mint.imageUrl,
    },
    placedDataWithDesign(args.timeline, {
      shape: mint.design.shape,
      crop: mint.isSurprize ? null : mint.design.crop,
    }),
  );
  return { order, summary, title: mint.title, sellerPaypalEmail: null };
}

/**
 * Under the chip's row lock: the chip must be on sale, not the buyer's, and held by no other unpaid
 * checkout or accepted offer. A lapsed hold (or the buyer's own earlier, abandoned checkout) is
 * cancelled so the chip can be held again.
 */
async function holdChipForCheckout(
  tx: Db,
  args: { chipId: number; buyerId: number; offerId: number | undefined; now: Date; sale: SaleContext },
): Promise<{ chip: ChipRow; priceCents: number; offerId: number | null; offerHoldUntil: Date | null }> {
  const chip = await lockChipForChange(tx, args.chipId);
  if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const demo = refuseDemoSale(chip, args.sale);
  if (demo) throw new AppError(demo.code, demo.message);
  // Someone else's offer reads as missing, before anything is said about the chip.
  const offer =
    args.offerId === undefined
      ? null
      : await getAcceptedOfferForCheckout(tx, {
          offerId: args.offerId,
          buyerId: args.buyerId,
          chipId: chip.id,
          now: args.now,
        });
  const refusal = refuseBuy(chip, args.buyerId, args.now);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  // The buyer starting again replaces their own unpaid checkout of this chip, and a lapsed one is
  // cancelled. Another buyer's idle checkout only loses the hold: that order stays payable, and
  // whoever starts paying first gets the chip (docs/decisions/033).
  if (chip.reservedByOrderId !== null) {
    const previous = await lockOrder(tx, chip.reservedByOrderId);
    const yieldsOnly = chip.reservedIdle && isHeld(chip, args.now) && previous?.buyerId !== args.buyerId;
    if (previous && !yieldsOnly && previous.paymentStatus !== 'completed' && previous.status === 'pending') {
      await cancelOrder(tx, previous, { reason: 'replaced_by_new_checkout', actorUserId: args.buyerId });
    }
  }
  if (offer) {
    return {
      chip,
      priceCents: offer.amountCents,
      offerId: offer.offer.id,
      offerHoldUntil: offer.offer.acceptedUntil,
    };
  }
  return { chip, priceCents: chip.priceCents!, offerId: null, offerHoldUntil: null };
}

/**
 * Hoarding (issue 14, finding 4; issue 25, finding 8): a checkout may hold a chip only while its buyer
 * (the account, signed in or the guest e-mail's, from any address) holds fewer than MAX_OPEN_HOLDS
 * others, and so does its client network (an IPv4 address or an IPv6 /64, whoever signs in from it;
 * null when rate limits are off). The two are counted apart (docs/decisions/041). Call first in the
 * transaction, before any chip or order lock (its advisory locks come first in every transaction).
 */
export async function assertHoldAllowance(
  tx: Db,
  args: { buyerId: number; clientKey: string | null; chipId: number; now: Date },
): Promise<void> {
  await holdAllowanceLock(tx, args.buyerId, args.clientKey);
  const open = await countOpenHolds(tx, {
    buyerId: args.buyerId,
    clientKey: args.clientKey,
    now: args.now,
    exceptChipId: args.chipId,
  });
  if (open.byBuyer >= MAX_OPEN_HOLDS || open.byClient >= MAX_OPEN_HOLDS) {
    throw new AppError('CONFLICT', HOLD_LIMIT_MESSAGE);
  }
}

/**
 * Places a purchase: holds the chip for the buyer until the quote expires (or the accepted offer's
 * hold ends, if later), at the offer's price when `offerId` names the buyer's accepted offer.
 */
export async function placePurchaseOrder(
  tx: Db,
  request: OrderRequest,
  args: {
    settings: PricingSettings;
    chipId: number;
    offerId: number | undefined;
    now: Date;
    /** Whether live payments are configured: a demo-catalogue chip is then refused. */
    sale: SaleContext;
    timeline?: Record<string, unknown>;
  },
): Promise<PlacedOrder> {
  const held = await holdChipForCheckout(tx, {
    chipId: args.chipId,
    buyerId: request.buyerId,
    offerId: args.offerId,
    now: args.now,
    sale: args.sale,
  });
  const summary = computeOrderSummary({
    ...summaryBase(request, args.settings),
    orderType: 'purchase',
    chip: { priceCents: held.priceCents, paypalEnabled: held.chip.paypalEnabled },
  });
  const order = await placeOrder(
    tx,
    {
      ...request,
      ...summary,
      orderType: 'purchase',
      chipId: held.chip.id,
      sellerId: ownerIdOf(held.chip),
      offerId: held.offerId,
    },
    args.timeline,
  );
  // An accepted offer's hold outlasts its checkout's: the buyer may pay until it ends.
  const expiresAt = request.quoteExpiresAt;
  const until = held.offerHoldUntil && held.offerHoldUntil > expiresAt ? held.offerHoldUntil : expiresAt;
  await holdChip(tx, held.chip, {
    buyerId: request.buyerId,
    until,
    orderId: order.id,
    now: args.now,
    // Until its buyer starts paying, a plain checkout's hold yields; an accepted offer's never does.
    idle: held.offerId === null,
  });
  if (held.offerId !== null) await attachOfferToOrder(tx, held.offerId, order.id);
  const seller = held.chip.paypalEnabled ? await findAccountById(tx, ownerIdOf(held.chip)) : null;
  return { order, summary, title: held.chip.title, sellerPaypalEmail: seller?.paypalEmail ?? null };
}
