/**
 * Placing a checkout's order inside its transaction, shared by checkout and pay-again (Pay now): the
 * mint or purchase is priced from the settings and token price of now, and a purchase holds its chip
 * for the buyer under the chip's row lock, exactly as a checkout does.
 */
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import { IMAGE_REQUIRED_MESSAGE } from '#shared/media.schemas.ts';
import {
  computeOrderSummary,
  SHIPPING_COUNTRIES,
  type OrderSummary,
  type ShippingCountry,
} from '#shared/pricing.ts';
import type { PaymentMethod, PricingSettings } from '#shared/settings.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findMediaByHash } from '#server/features/media/index.ts';
import { findAccountById } from '#server/features/users/index.ts';
import {
  cancelOrder,
  lockOrder,
  placeOrder,
  type OrderRow,
  type ShippingAddressSnapshot,
} from '#server/features/orders/index.ts';
import {
  holdChip,
  lockChipForChange,
  ownerIdOf,
  refuseBuy,
  type ChipRow,
} from '#server/features/chips/index.ts';
import { attachOfferToOrder, getAcceptedOfferForCheckout } from '#server/features/offers/index.ts';
import type { PaymentProvider } from '#server/features/payments/index.ts';

/** A saved country, mapped onto the checkout's list ('other' for the rest of the world). */
export function shippingCountryOf(country: string): ShippingCountry {
  return (SHIPPING_COUNTRIES as readonly string[]).includes(country) ? (country as ShippingCountry) : 'other';
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
};

/** What a mint asks for; imageUrl is an uploaded media URL (null for a surprize mint). */
export type MintRequest = {
  isSurprize: boolean;
  title: string;
  description: string | null;
  associatedUrl: string | null;
  imageUrl: string | null;
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
    country: shippingCountryOf(request.shippingAddress?.country ?? 'US'),
    tokenPriceUsd: request.tokenPriceUsd,
  };
}

/** Places a mint order; `timeline` goes on its 'placed' step. */
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
    args.timeline,
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
  args: { chipId: number; buyerId: number; offerId: number | undefined; now: Date },
): Promise<{ chip: ChipRow; priceCents: number; offerId: number | null; offerHoldUntil: Date | null }> {
  const chip = await lockChipForChange(tx, args.chipId);
  if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
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
  // The buyer starting again replaces their own unpaid checkout of this chip.
  if (chip.reservedByOrderId !== null) {
    const previous = await lockOrder(tx, chip.reservedByOrderId);
    if (previous && previous.paymentStatus !== 'completed' && previous.status === 'pending') {
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
    timeline?: Record<string, unknown>;
  },
): Promise<PlacedOrder> {
  const held = await holdChipForCheckout(tx, {
    chipId: args.chipId,
    buyerId: request.buyerId,
    offerId: args.offerId,
    now: args.now,
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
  await holdChip(tx, held.chip, { buyerId: request.buyerId, until, orderId: order.id, now: args.now });
  if (held.offerId !== null) await attachOfferToOrder(tx, held.offerId, order.id);
  const seller = held.chip.paypalEnabled ? await findAccountById(tx, ownerIdOf(held.chip)) : null;
  return { order, summary, title: held.chip.title, sellerPaypalEmail: seller?.paypalEmail ?? null };
}
