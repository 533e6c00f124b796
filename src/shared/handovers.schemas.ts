import { z } from 'zod';
import { BRAND } from './brand.ts';
import { CheckoutResponseSchema, PaymentOptionSchema } from './checkout.schemas.ts';
import { CHIP_REPORT_STATUSES, type ChipReportStatus } from './chips.schemas.ts';
import { PaymentMethodSchema } from './settings.schemas.ts';

export { type ChipReportStatus };

/**
 * Hand over by tap (issue 15): the owner of a chip that is with them opens a handover; a fresh
 * authentic tap of the chip then gives whoever holds it a short-lived claim token.
 *
 *   awaiting_fee ──owner's fee paid──▶ open ──claim (owner paid)──────────────▶ claimed
 *                                       │ └──claim (claimant pays)──▶ awaiting_payment ──paid──▶ claimed
 *   any of the first three ──owner cancels──▶ cancelled
 *
 * A claimant who does not pay within the claim window can be overtaken by another fresh tap.
 */
export const HANDOVER_STATUSES = [
  'awaiting_fee',
  'open',
  'awaiting_payment',
  'claimed',
  'cancelled',
] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];
/** A handover in one of these is live: at most one per chip (a partial unique index). */
export const LIVE_HANDOVER_STATUSES = ['awaiting_fee', 'open', 'awaiting_payment'] as const;
export const HANDOVER_FEE_PAYERS = ['owner', 'claimant'] as const;
export type HandoverFeePayer = (typeof HANDOVER_FEE_PAYERS)[number];

/** How long a tap's claim token lives. */
export const CLAIM_TOKEN_MINUTES = 10;
/** How long the owner's tap may open a handover (decision 038). */
export const HANDOVER_TAP_MINUTES = 10;

export const HANDOVER_NOT_WITH_OWNER_MESSAGE = `Only a ${BRAND.name} that is with you (not in our vault) can be handed over by tap.`;
export const HANDOVER_NO_TAG_MESSAGE = `This ${BRAND.name} has no NFC tag to tap, so it cannot be handed over by tap.`;
/** A handover's fee paid after it was cancelled, started again or claimed by another tap (409; refunded). */
export const HANDOVER_PAYMENT_TOO_LATE_MESSAGE =
  'This handover was cancelled, started again or claimed by someone else before your payment completed, so the payment is refunded.';
/** Opening a handover takes the owner's own fresh tap (decision 038). */
export const HANDOVER_TAP_REQUIRED_MESSAGE = `Hold your phone to the ${BRAND.name} and start the handover from the page that opens: only a fresh tap by its owner opens one.`;
export const HANDOVER_TAP_INVALID_MESSAGE = `This tap cannot start a handover. Hold your phone to the ${BRAND.name} again and start it from the page that opens.`;
export const HANDOVER_TAP_EXPIRED_MESSAGE = `This tap is too old to start a handover. Hold your phone to the ${BRAND.name} again.`;
export const HANDOVER_TAP_USED_MESSAGE = `This tap has already started a handover. Hold your phone to the ${BRAND.name} again to start another.`;
export const HANDOVER_ALREADY_OPEN_MESSAGE = `A handover is already open for this ${BRAND.name}. Cancel it first.`;
export const HANDOVER_NONE_OPEN_MESSAGE = `There is no open handover for this ${BRAND.name}.`;
export const CLAIM_INVALID_MESSAGE = `This claim is not valid. Hold your phone to the ${BRAND.name} again to claim it.`;
export const CLAIM_EXPIRED_MESSAGE = `This claim has expired. Hold your phone to the ${BRAND.name} again to claim it.`;
export const CLAIM_USED_MESSAGE = `This tap has already been used to claim. Hold your phone to the ${BRAND.name} again.`;
export const CLAIM_NOT_FRESH_MESSAGE = `Only a new tap can claim this ${BRAND.name}: this link was already used or was made before the handover started. Hold your phone to the chip again.`;
export const CLAIM_CLOSED_MESSAGE = `This ${BRAND.name} is no longer being handed over.`;
export const CLAIM_IN_PROGRESS_MESSAGE = `Someone else is claiming this ${BRAND.name} right now. Try again in a few minutes.`;
export const CLAIM_OWN_MESSAGE = `You already own this ${BRAND.name}.`;
export const REPORT_NOT_REPORTED_MESSAGE = `This ${BRAND.name} is not reported lost or stolen.`;

/** What a reported chip refuses with (listing, buying, offers, claims). */
export function reportedMessage(status: Exclude<ChipReportStatus, 'none'>): string {
  return `This ${BRAND.name} has been reported ${status} by its owner.`;
}

/** POST /api/artchip/:id/handover */
export const StartHandoverInputSchema = z.object({
  feePaidBy: z.enum(HANDOVER_FEE_PAYERS, {
    error: "Choose who pays the transfer fee: 'owner' or 'claimant'",
  }),
  /** How the owner pays the fee now (feePaidBy 'owner'); the first purchase method by default. */
  paymentMethod: PaymentMethodSchema.optional(),
  /**
   * The token the owner's own fresh tap gave them (TapResult.handoverTap): the handover records that tap's
   * counter, so only later taps claim. Required (HANDOVER_TAP_REQUIRED_MESSAGE, 422); optional here so a
   * chip that cannot be handed over at all says why first.
   */
  tapToken: z
    .string({ error: HANDOVER_TAP_INVALID_MESSAGE })
    .trim()
    .max(200, HANDOVER_TAP_INVALID_MESSAGE)
    .optional(),
});
export type StartHandoverInput = z.infer<typeof StartHandoverInputSchema>;

const HandoverSchema = z.object({
  id: z.number().int(),
  chipId: z.number().int(),
  status: z.enum(HANDOVER_STATUSES),
  feePaidBy: z.enum(HANDOVER_FEE_PAYERS),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type Handover = z.infer<typeof HandoverSchema>;

/**
 * POST /api/artchip/:id/handover answer: the handover, plus the checkout answer (orderId,
 * redirectUrl, …) when the owner pays the fee now.
 */
export const StartHandoverResponseSchema = CheckoutResponseSchema.partial().extend({
  handover: HandoverSchema,
});
export type StartHandoverResponse = z.infer<typeof StartHandoverResponseSchema>;

/** GET /api/artchip/:id/handover: the chip's live handover (its owner only), or null. */
export const HandoverEnvelopeSchema = z.object({ handover: HandoverSchema.nullable() });

/** A fresh tap's claim: bound to that tap, short-lived. */
export const TapClaimSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  feePaidBy: z.enum(HANDOVER_FEE_PAYERS),
});
export type TapClaim = z.infer<typeof TapClaimSchema>;

/**
 * What a fresh authentic tap gives the signed-in owner of a chip they may hand over: the token that opens
 * a handover from this tap (POST /api/artchip/:id/handover, tapToken), once, for HANDOVER_TAP_MINUTES.
 */
export const HandoverTapSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type HandoverTap = z.infer<typeof HandoverTapSchema>;

/** GET /api/artchip/claim?token=…: what claiming costs, shown before the holder commits. */
export const ClaimPreviewQuerySchema = z.object({
  token: z
    .string({ error: CLAIM_INVALID_MESSAGE })
    .trim()
    .min(1, CLAIM_INVALID_MESSAGE)
    .max(200, CLAIM_INVALID_MESSAGE),
});

/**
 * The claim a tap's token gives, before it is used: the chip, who pays the transfer fee and how much
 * (0 and no rule when the owner paid it), the methods the claimant may pay with, and when the claim
 * runs out.
 */
export const ClaimPreviewSchema = z.object({
  chipTitle: z.string(),
  chipPath: z.string(),
  feePaidBy: z.enum(HANDOVER_FEE_PAYERS),
  /** What the claimant pays: the transfer fee when it is theirs to pay, else 0. */
  feeCents: z.number().int(),
  /** The fee's rule in words ("30% of this chip's highest price, $50.00"); null when the owner paid. */
  rule: z.string().nullable(),
  /** The payment methods the claimant may choose from (empty when the owner paid). */
  paymentOptions: z.array(PaymentOptionSchema),
  expiresAt: z.string(),
});
export type ClaimPreview = z.infer<typeof ClaimPreviewSchema>;

/** POST /api/artchip/claim */
export const ClaimInputSchema = z.object({
  token: z
    .string({ error: CLAIM_INVALID_MESSAGE })
    .trim()
    .min(1, CLAIM_INVALID_MESSAGE)
    .max(200, CLAIM_INVALID_MESSAGE),
  /** How the claimant pays the fee (when it is theirs to pay); the first purchase method by default. */
  paymentMethod: PaymentMethodSchema.optional(),
});
export type ClaimInput = z.infer<typeof ClaimInputSchema>;

/**
 * POST /api/artchip/claim answer: the new ownership (status 'claimed'), or, when the claimant pays
 * the fee first, the checkout answer (orderId, redirectUrl, …) with status 'awaiting_payment'.
 */
export const ClaimResponseSchema = CheckoutResponseSchema.partial().extend({
  handover: HandoverSchema,
  chipId: z.number().int(),
  /** The chip's page. */
  chipPath: z.string(),
  ownerId: z.number().int(),
});
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

/** POST /api/artchip/:id/report */
export const ReportChipInputSchema = z.object({
  status: z.enum(CHIP_REPORT_STATUSES, { error: "Status must be 'lost', 'stolen' or 'none'" }),
});

export const OWNER_MESSAGE_MAX_LENGTH = 1000;
/** POST /api/artchip/:id/message-owner: a finder writes to the owner of a reported chip. */
export const MessageOwnerInputSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(OWNER_MESSAGE_MAX_LENGTH, `Message must be at most ${OWNER_MESSAGE_MAX_LENGTH} characters`),
  /** How the owner can answer (optional): an e-mail or a phone number, passed on as written. */
  contact: z.string().trim().max(200, 'Contact must be at most 200 characters').optional(),
});
export type MessageOwnerInput = z.infer<typeof MessageOwnerInputSchema>;

/** GET /api/artchip/:id/taps: how many verified taps and when the last was, never where. */
export const TapHistorySchema = z.object({
  verifiedTaps: z.number().int(),
  lastVerifiedAt: z.string().nullable(),
});
export type TapHistory = z.infer<typeof TapHistorySchema>;
