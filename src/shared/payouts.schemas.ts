/**
 * Payouts on the wire: a seller's balance (pending, payable, paid) and payout history, and the
 * admin's payouts screen. Money is integer cents.
 */
import { z } from 'zod';
import { MAX_ID } from './checkout.schemas.ts';

/** Who a payout pays: a seller (settled sale proceeds) or an affiliate (commissions). */
export const PAYOUT_KINDS = ['affiliate', 'seller'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/** How money reaches them: by hand with a reference, Stripe Connect, or PayPal Payouts. */
export const PAYOUT_METHODS = ['manual', 'stripe_connect', 'paypal_payouts'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PayoutSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  amountCents: z.number().int(),
  txReference: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS),
  status: z.enum(PAYOUT_STATUSES),
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
const PayableBalanceSchema = z.object({
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

/** GET /api/my-payout-account: how the user is paid, and which ways this marketplace offers. */
export const PayoutAccountSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  paypalEmail: z.string().nullable(),
  /** A Stripe Connect account exists for them. */
  hasStripeAccount: z.boolean(),
  /** Stripe says it can receive transfers (onboarding finished). */
  stripeReady: z.boolean(),
  /** manual always; stripe_connect and paypal_payouts when switched on here. */
  availableMethods: z.array(z.enum(PAYOUT_METHODS)),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

/** PUT /api/my-payout-account. */
export const PayoutAccountInputSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS, { error: 'Choose how you want to be paid' }),
    paypalEmail: z
      .string()
      .trim()
      .max(254, 'E-mail must be at most 254 characters')
      .pipe(z.union([z.literal(''), z.email('Enter a valid PayPal e-mail address')]))
      .optional(),
  })
  .refine((v) => v.method !== 'paypal_payouts' || !!v.paypalEmail, {
    message: 'Enter the PayPal e-mail address to pay',
    path: ['paypalEmail'],
  });
export type PayoutAccountInput = z.infer<typeof PayoutAccountInputSchema>;

/** POST /api/my-payout-account/stripe-onboarding: where Stripe's onboarding continues. */
export const StripeOnboardingSchema = z.object({ url: z.string() });

/** POST /api/admin/payouts/batch: pay several balances at once (each once). */
export const PayoutBatchInputSchema = z.object({
  items: z
    .array(
      z.object({
        userId: z.number().int().positive().max(MAX_ID),
        kind: z.enum(PAYOUT_KINDS),
      }),
    )
    .min(1, 'Choose at least one balance to pay')
    .max(100, 'Pay at most 100 balances at once'),
  txReference: z.string().trim().max(200, 'Reference must be at most 200 characters').optional(),
});
export type PayoutBatchInput = z.infer<typeof PayoutBatchInputSchema>;

export const PayoutBatchResultSchema = z.object({
  results: z.array(
    z.object({
      userId: z.number().int(),
      kind: z.enum(PAYOUT_KINDS),
      payout: PayoutSchema.nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type PayoutBatchResult = z.infer<typeof PayoutBatchResultSchema>;
