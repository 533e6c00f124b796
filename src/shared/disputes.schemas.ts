/**
 * Card and PayPal disputes (chargebacks) on the wire (decision 076). A dispute is recorded once per
 * provider dispute id; its states, each enforced by a CHECK of the `disputes` table:
 *
 *   needs_response ⇄ under_review ──▶ won | lost
 *
 * Open (needs_response, under_review): the order's chip is frozen and its proceeds held. Won: all is
 * released. Lost: the provider took the money back; the order's ledger is reversed and the fee booked.
 */
import { z } from 'zod';
import { BRAND } from './brand.ts';

export const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const OPEN_DISPUTE_STATUSES = ['needs_response', 'under_review'] as const satisfies DisputeStatus[];
/** demo: the demo provider's payments, disputed only by tests and demos through the flow (decision 076). */
export const DISPUTE_PROVIDERS = ['stripe', 'paypal', 'demo'] as const;

/** Checkout's refusal for an account flagged by a lost dispute. */
export const DISPUTE_FLAGGED_CHECKOUT_MESSAGE =
  'This account cannot check out: a payment from it was taken back through a dispute with the bank or PayPal. Please contact support.';

/** An admin refund of a disputed order is refused: the dispute decides where the money goes. */
export const DISPUTED_ORDER_REFUND_MESSAGE =
  'This order is disputed with the bank or PayPal; it cannot be refunded until the dispute closes.';

/** What a chip's owner reads on its page while a dispute of its purchase is open. */
export const CHIP_UNDER_REVIEW_LABEL = 'Under review';
export const CHIP_UNDER_REVIEW_TEXT = `This ${BRAND.name}'s payment is disputed. It cannot be sold, offered on, transferred or shipped until the review ends.`;

const DisputeSchema = z.object({
  id: z.number().int(),
  provider: z.enum(DISPUTE_PROVIDERS),
  providerDisputeId: z.string(),
  orderId: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  evidenceDueBy: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  feeCents: z.number().int().nullable(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** One row of the admin's disputes queue. */
const DisputeQueueItemSchema = DisputeSchema.extend({
  buyerUsername: z.string(),
  buyerEmail: z.string(),
  chipTitle: z.string().nullable(),
  orderTotalCents: z.number().int(),
});
export const DisputeQueueSchema = z.object({ disputes: z.array(DisputeQueueItemSchema) });
export type DisputeQueue = z.infer<typeof DisputeQueueSchema>;

/** What the platform knows for a dispute (GET /api/admin/disputes/:id). */
export const DisputeFileSchema = z.object({
  dispute: DisputeSchema,
  order: z.object({
    id: z.number().int(),
    orderType: z.string(),
    status: z.string(),
    paymentStatus: z.string(),
    paymentMethod: z.string(),
    totalCents: z.number().int(),
    paidAt: z.string().nullable(),
    providerRef: z.string().nullable(),
    shippingOption: z.string(),
    createdAt: z.string(),
  }),
  buyer: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    createdAt: z.string(),
    disputeFlaggedAt: z.string().nullable(),
  }),
  chip: z
    .object({
      id: z.number().int(),
      title: z.string(),
      custody: z.string(),
      frozen: z.boolean(),
      ownedByBuyer: z.boolean(),
    })
    .nullable(),
  /** The chip's provenance: verified taps, sales, shipments, deliveries. */
  chipEvents: z.array(z.object({ type: z.string(), at: z.string() })),
  /** The buyer's recorded sign-ins (sessions), newest first, when the platform keeps them. */
  signIns: z.array(z.object({ at: z.string(), lastUsedAt: z.string().nullable(), kind: z.string() })),
  /** The provider's payment signals recorded for the order. */
  paymentEvents: z.array(z.object({ type: z.string(), at: z.string(), outcome: z.string().nullable() })),
  heldProceeds: z.boolean(),
  canSubmitEvidence: z.boolean(),
});
export type DisputeFile = z.infer<typeof DisputeFileSchema>;

export const DisputeIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/admin/disputes/:id/evidence: what goes to Stripe (a subset of Stripe's evidence fields). */
export const DisputeEvidenceSchema = z.object({
  productDescription: z.string().trim().max(20_000).optional(),
  customerEmailAddress: z.string().trim().max(500).optional(),
  customerPurchaseIp: z.string().trim().max(100).optional(),
  shippingTrackingNumber: z.string().trim().max(500).optional(),
  shippingCarrier: z.string().trim().max(500).optional(),
  shippingDate: z.string().trim().max(500).optional(),
  serviceDate: z.string().trim().max(500).optional(),
  uncategorizedText: z.string().trim().max(20_000).optional(),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidenceSchema>;
