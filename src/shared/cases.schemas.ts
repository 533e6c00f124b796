/**
 * Buyer protection (issue 28, PRODUCT.md "Custody" and "Refunds", decision 070): the buyer of a shipped
 * purchase opens a case when the chip never arrives, arrives damaged or is not as described. A case's
 * states:
 *
 *   awaiting_seller ──seller answers──▶ awaiting_decision ──admin decides──▶ decided ──refund settled──▶ closed
 *        │  (3 days to answer)                                   │ deny ─────────────────────────────────▲
 *        └──admin decides once the seller's 3 days have passed──┘
 *
 * While a case is not closed the seller's proceeds of that sale are held (not payable).
 */
import { z } from 'zod';
import { BRAND } from './brand.ts';
import { MAX_ID } from './input.ts';
import { formatUsd } from './money.ts';

export const CASE_KINDS = ['not_received', 'damaged', 'not_as_described'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export const CASE_STATUSES = ['awaiting_seller', 'awaiting_decision', 'decided', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** A case in one of these is open: at most one per order (a partial unique index). */
export const OPEN_CASE_STATUSES = ['awaiting_seller', 'awaiting_decision', 'decided'] as const;

export const CASE_OUTCOMES = ['refund', 'partial_refund', 'deny'] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];

/** Days the seller has to answer a case (PRODUCT.md: "The seller has 3 days to answer"). */
export const SELLER_ANSWER_DAYS = 3;
/** Photos a buyer may add to a case. */
export const MAX_CASE_PHOTOS = 4;

export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  not_received: 'Not received',
  damaged: 'Arrived damaged',
  not_as_described: 'Not as described',
};

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  awaiting_seller: 'Waiting for the seller',
  awaiting_decision: 'Waiting for our decision',
  decided: 'Decided, refund on its way',
  closed: 'Closed',
};

export const CASE_OUTCOME_LABELS: Record<CaseOutcome, string> = {
  refund: 'Refunded in full',
  partial_refund: 'Refunded in part',
  deny: 'Denied',
};

export const CASE_ORDER_NOT_SHIPPED_MESSAGE =
  'Only a paid purchase that was shipped to you can be reported. Orders kept in the vault are covered there.';
export const CASE_ALREADY_OPEN_MESSAGE = 'This order already has an open case. We will e-mail you each step.';
export const CASE_ALREADY_REFUNDED_MESSAGE = 'This order was already refunded through a case.';
export const CASE_NOT_DELIVERED_KIND_MESSAGE =
  'This order has not been delivered yet: report it as not received, or confirm you received it first.';
export const CASE_CONFIRMED_RECEIVED_MESSAGE =
  'You confirmed this chip arrived: report it as damaged or not as described instead.';
export const CASE_NOT_FOUND_MESSAGE = 'Case not found';
export const CASE_ALREADY_ANSWERED_MESSAGE = 'This case has already been answered.';
export const CASE_ALREADY_DECIDED_MESSAGE = 'This case has already been decided.';
export const CASE_PAID_TO_SELLER_MESSAGE =
  "This order was paid to the seller's own PayPal account: the seller refunds it from PayPal. Deny the case with that reason, or ask the seller.";

/** The window of a delivered order closed: said in plain words, with the rule and the date. */
export function caseWindowClosedMessage(days: number, until: Date): string {
  return `Problems can be reported up to ${days} days after delivery; this order's window closed on ${formatCaseDate(until)}.`;
}

/** The window of a shipment that never arrived closed. */
export function caseNotReceivedClosedMessage(days: number, until: Date): string {
  return `A chip that has not arrived can be reported up to ${days} days after shipping; this order's window closed on ${formatCaseDate(until)}.`;
}

/** The seller still has time to answer: an admin decides after. */
export function caseSellerStillAnsweringMessage(until: Date): string {
  return `The seller has until ${formatCaseDate(until)} to answer; decide after they answer or after that.`;
}

export function formatCaseDate(at: Date): string {
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The buyer protection rule, in the words the FAQ, the terms and the dialog use. */
export function buyerProtectionRule(settings: {
  caseWindowDays: number;
  caseNotReceivedDays: number;
}): string {
  return (
    `Buyer protection: if a shipped ${BRAND.name} arrives damaged or not as described, report it within ` +
    `${settings.caseWindowDays} days of delivery; if it has not arrived, report it within ` +
    `${settings.caseNotReceivedDays} days of shipping. The seller has ${SELLER_ANSWER_DAYS} days to answer, ` +
    `then we decide: a refund in full or in part to the way you paid, or a denial with our reason. ` +
    `The seller is not paid for that sale while the case is open.`
  );
}

const DescriptionSchema = z
  .string({ error: 'Describe the problem' })
  .trim()
  .min(10, 'Describe the problem in at least 10 characters')
  .max(2000, 'Keep the description under 2,000 characters');

/**
 * POST /api/orders/:id/cases as JSON: photos are ids of images the buyer uploaded (POST /api/media).
 * The web sends the same fields as multipart with up to 4 `photos` files instead.
 */
export const OpenCaseInputSchema = z.object({
  kind: z.enum(CASE_KINDS, { error: 'Choose what went wrong' }),
  description: DescriptionSchema,
  photos: z
    .array(z.number().int().positive().max(MAX_ID), { error: 'Photos must be image ids' })
    .max(MAX_CASE_PHOTOS, `Add at most ${MAX_CASE_PHOTOS} photos`)
    .optional(),
});

/** The text fields of the multipart form (its files are the photos). */
export const OpenCaseFieldsSchema = OpenCaseInputSchema.omit({ photos: true });

/** POST /api/cases/:id/answer: the seller's side. */
export const AnswerCaseInputSchema = z.object({
  message: z
    .string({ error: 'Write your answer' })
    .trim()
    .min(1, 'Write your answer')
    .max(2000, 'Keep the answer under 2,000 characters'),
});

/** POST /api/admin/cases/:id/decision. A partial refund names its amount; a full refund is the order's total. */
export const CaseDecisionInputSchema = z
  .object({
    outcome: z.enum(CASE_OUTCOMES, { error: 'Choose refund, partial refund or deny' }),
    amountCents: z
      .number({ error: 'Amount must be a whole number of cents' })
      .int('Amount must be a whole number of cents')
      .positive('Amount must be more than zero')
      .max(100_000_000, 'Amount is too large')
      .optional(),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(1, 'Reason is required')
      .max(1000, 'Keep the reason under 1,000 characters'),
  })
  .superRefine((input, ctx) => {
    if (input.outcome === 'partial_refund' && input.amountCents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Enter the amount to refund' });
    }
    if (input.outcome === 'deny' && input.amountCents !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'A denial refunds nothing' });
    }
  });
export type CaseDecisionInput = z.infer<typeof CaseDecisionInputSchema>;

/** A partial refund's amount must be less than the order's total (the whole is a full refund). */
export function partialRefundError(amountCents: number, totalCents: number): string | null {
  return amountCents < totalCents
    ? null
    : `A partial refund must be less than the order's total of ${formatUsd(totalCents)}; choose a full refund instead.`;
}

export const CaseIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_ID),
});

/** One message of a case: the buyer's report, the seller's answer, the admin's decision. */
const CaseMessageSchema = z.object({
  from: z.enum(['buyer', 'seller', 'admin']),
  body: z.string(),
  at: z.string(),
});

/** A case as its buyer, its seller and the admins see it. */
export const CaseSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: z.enum(CASE_KINDS),
  status: z.enum(CASE_STATUSES),
  description: z.string(),
  photos: z.array(z.object({ mediaId: z.number().int(), url: z.string() })),
  /** Until when the seller may answer. */
  sellerDueAt: z.string(),
  sellerAnswer: z.string().nullable(),
  sellerAnsweredAt: z.string().nullable(),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  refundCents: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  messages: z.array(CaseMessageSchema),
});
export type Case = z.infer<typeof CaseSchema>;

export const CaseListSchema = z.object({ items: z.array(CaseSchema) });

/** A shipped purchase its buyer may report now, with the kinds open to them and until when. */
const ReportableOrderSchema = z.object({
  orderId: z.number().int(),
  kinds: z.array(z.enum(CASE_KINDS)),
  until: z.string(),
});

/** GET /api/my-cases: the viewer's cases as buyer and as seller, and the purchases they may report now. */
export const MyCasesSchema = z.object({
  asBuyer: z.array(CaseSchema),
  asSeller: z.array(CaseSchema),
  reportable: z.array(ReportableOrderSchema),
  rule: z.string(),
});
export type MyCases = z.infer<typeof MyCasesSchema>;

/** The admin queue's row. */
const AdminCaseSummarySchema = CaseSchema.extend({
  buyerUsername: z.string().nullable(),
  sellerUsername: z.string().nullable(),
  chipTitle: z.string().nullable(),
  orderTotalCents: z.number().int(),
  /** True when an admin may decide it now (the seller answered, or their days passed). */
  canDecide: z.boolean(),
});
export type AdminCaseSummary = z.infer<typeof AdminCaseSummarySchema>;

export const AdminCasesQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
});

export const AdminCaseListSchema = z.object({ items: z.array(AdminCaseSummarySchema) });

/** GET /api/admin/cases/:id: the case with its order, shipment and the chip's recent taps. */
export const AdminCaseDetailSchema = AdminCaseSummarySchema.extend({
  order: z.object({
    id: z.number().int(),
    status: z.string(),
    paymentMethod: z.string(),
    paymentProvider: z.string(),
    basePriceCents: z.number().int(),
    shippingCents: z.number().int(),
    insuranceCents: z.number().int(),
    totalCents: z.number().int(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    deliveredBy: z.string().nullable(),
  }),
  taps: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      counter: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  refund: z.object({ id: z.number().int(), status: z.string(), amountCents: z.number().int() }).nullable(),
  /** Whether the sale's proceeds are held from payout now (while the case is open). */
  proceedsHeld: z.boolean(),
});
export type AdminCaseDetail = z.infer<typeof AdminCaseDetailSchema>;
