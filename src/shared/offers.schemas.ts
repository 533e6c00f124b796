/**
 * Offers on listed chips: a buyer offers a USD amount, the owner accepts, declines or counters, the
 * buyer may accept a counter or withdraw. Accepting holds the chip for that buyer at that price for
 * 48 hours; the buyer then checks out with offerId. Offers lapse after 7 days.
 */
import { z } from 'zod';
import { usdPriceSchema } from './orders.schemas.ts';
import { MAX_ID } from './checkout.schemas.ts';

/** Days an unanswered offer stays open. */
export const OFFER_TTL_DAYS = 7;

/** Hours an accepted offer holds the chip for its buyer. */
export const OFFER_ACCEPTED_HOLD_HOURS = 48;

/** Offer states: open ones are pending (to the owner) and countered (to the buyer). */
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'completed',
] as const;

const OfferStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** POST /api/artchip/:id/offers body. */
export const CreateOfferInputSchema = z.object({
  amountUsd: usdPriceSchema('Offer amount is required'),
  message: z.string().trim().max(500, 'Message must be 500 characters or less').optional(),
});
export type CreateOfferInput = z.infer<typeof CreateOfferInputSchema>;

/** POST /api/offers/:id/counter body (owner only). */
export const CounterOfferInputSchema = z.object({
  amountUsd: usdPriceSchema('Counter amount is required'),
});
export type CounterOfferInput = z.infer<typeof CounterOfferInputSchema>;

/** An offer as the buyer and the owner see it. */
export const OfferSchema = z.object({
  id: z.number().int(),
  status: OfferStatusSchema,
  artchipId: z.number().int(),
  artchipTitle: z.string(),
  artchipSlug: z.string(),
  artchipImageUrl: z.string().nullable(),
  creatorUsername: z.string(),
  /** The chip's listed USD price in cents when the offer was read; null when unpriced. */
  listPriceCents: z.number().int().nullable(),
  /**
   * The highest price the chip has been paid for so far (0 before its first sale): with the amount,
   * it gives the platform fee and the seller's proceeds (splitSale), shown before anyone answers.
   */
  highestSaleCents: z.number().int(),
  buyerId: z.number().int(),
  buyerUsername: z.string(),
  ownerId: z.number().int(),
  ownerUsername: z.string(),
  amountCents: z.number().int(),
  counterAmountCents: z.number().int().nullable(),
  /** What the buyer pays at checkout once accepted: the counter amount if one was accepted. */
  agreedAmountCents: z.number().int().nullable(),
  message: z.string().nullable(),
  expiresAt: z.string(),
  /** Accepted offers: the buyer must check out before this. */
  acceptedUntil: z.string().nullable(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
  /** What the caller may do now. */
  canAccept: z.boolean(),
  canDecline: z.boolean(),
  canCounter: z.boolean(),
  canWithdraw: z.boolean(),
  canCheckout: z.boolean(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferListSchema = z.array(OfferSchema);

export const OfferIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_ID),
});
