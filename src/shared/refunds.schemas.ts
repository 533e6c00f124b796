/**
 * Refunds on the wire (PRODUCT.md: purchases stay final for buyers; a payment that cannot be
 * fulfilled is given back). Money is integer cents.
 */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './orders.schemas.ts';

/**
 * Why money goes back: the chip sold to someone else first, a second payment, an admin's call, or the
 * shipping of a ship-to-me mint whose creator listed the chip before it shipped (decision 066), or an
 * admin's decision of a buyer protection case, in full or in part (decision 070).
 */
export const REFUND_REASONS = [
  'chip_unavailable',
  'duplicate_payment',
  'admin',
  'shipping_unused',
  'buyer_protection',
  /** Decision 076: a card or PayPal dispute the platform lost; the provider took the money back. */
  'chargeback',
  /** Decision 076: a refund made at the provider (Stripe's dashboard), reported by its webhook. */
  'provider',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * requested → processing (one provider call at a time) → succeeded | pending (the provider settles it
 * later) | manual (an admin sends it and records the reference) | failed (retried by the refunds job).
 */
export const REFUND_STATUSES = [
  'requested',
  'processing',
  'pending',
  'succeeded',
  'manual',
  'failed',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const RefundSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amountCents: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  providerReference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RefundDto = z.infer<typeof RefundSchema>;

/** POST /api/admin/orders/:id/refund: the admin's reason, shown to the buyer. */
export const AdminRefundInputSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
export type AdminRefundInput = z.infer<typeof AdminRefundInputSchema>;

/** POST /api/admin/refunds/:id/signature: the on-chain refund's transaction signature. */
export const RefundSignatureInputSchema = z.object({
  signature: z
    .string({ error: 'Signature is required' })
    .trim()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'Enter the refund transaction signature'),
});
export type RefundSignatureInput = z.infer<typeof RefundSignatureInputSchema>;
