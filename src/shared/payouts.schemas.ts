/**
 * Payouts on the wire: a seller's balance (pending, payable, paid) and payout history, and the
 * admin's payouts screen. Money is integer cents.
 */
import { z } from 'zod';
import { MAX_ID } from './checkout.schemas.ts';

/** Who a payout pays: a seller (settled sale proceeds) or an affiliate (commissions). */
export const PAYOUT_KINDS = ['affiliate', 'seller'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

export const PayoutSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  amountCents: z.number().int(),
  txReference: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutDto = z.infer<typeof PayoutSchema>;

/**
 * GET /api/my-payouts: the seller's proceeds. pending: sold but not settled yet (on its way) or
 * still in the hold period; payable: settled and past the hold, waiting for a payout; paid: paid out
 * (or paid to them directly by PayPal).
 */
export const SellerBalanceSchema = z.object({
  pendingCents: z.number().int(),
  payableCents: z.number().int(),
  paidCents: z.number().int(),
  /** When the earliest pending proceeds become payable, if any are settled and on hold. */
  nextPayableAt: z.string().nullable(),
  holdDays: z.number().int(),
  payouts: z.array(PayoutSchema),
});
export type SellerBalance = z.infer<typeof SellerBalanceSchema>;

/** One row of the admin's payouts screen: what can be paid to whom now. */
export const PayableBalanceSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  kind: z.enum(PAYOUT_KINDS),
  payableCents: z.number().int(),
  /** The seller's PayPal e-mail, where the manual payout can go. */
  paypalEmail: z.string().nullable(),
});
export type PayableBalance = z.infer<typeof PayableBalanceSchema>;

export const PayableBalanceListSchema = z.array(PayableBalanceSchema);

export const SellerPayoutParamsSchema = z.object({
  userId: z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_ID),
});

/** POST /api/admin/payouts/sellers/:userId body: the transfer's reference, if any. */
export const SellerPayoutInputSchema = z.object({
  txReference: z.string().trim().max(200, 'Reference must be at most 200 characters').optional(),
});
export type SellerPayoutInput = z.infer<typeof SellerPayoutInputSchema>;
