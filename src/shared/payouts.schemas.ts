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
  /** Decision 071: when the destination a payout would go to was set (null: long ago), and when it is paid. */
  destinationSetAt: z.string().nullable(),
  payableFrom: z.string().nullable(),
  /** Payouts frozen: the owner reported a destination change they did not make. */
  payoutsFrozen: z.boolean(),
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
  /** When this destination was set (null: before decision 071, or never), and when it is paid to. */
  destinationSetAt: z.string().nullable(),
  payableFrom: z.string().nullable(),
  /** The owner reported a change they did not make: no payouts until an admin unfreezes them. */
  payoutsFrozen: z.boolean(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

/** Decision 071: changing where money goes needs the current password. */
export const DESTINATION_PASSWORD_REQUIRED_MESSAGE =
  'Enter your current password to change where your money goes.';
export const DESTINATION_PASSWORD_WRONG_MESSAGE =
  'That is not your current password, so where your money goes was not changed.';

/**
 * The current password, sent with a change of where money goes (the payout account, the profile's
 * PayPal e-mail); checked on the server, which knows whether the destination changes.
 */
const CurrentPasswordProofSchema = z
  .string({ error: DESTINATION_PASSWORD_REQUIRED_MESSAGE })
  .max(200, DESTINATION_PASSWORD_WRONG_MESSAGE)
  .optional();

/** Instead of the password, a code from the account's authenticator app or a recovery code (decision 072). */
export const SecondFactorProofSchema = z.string().trim().max(20, 'That code is not right.').optional();

/** PUT /api/my-payout-account. */
export const PayoutAccountInputSchema = z
  .object({
    currentPassword: CurrentPasswordProofSchema,
    totpCode: SecondFactorProofSchema,
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

/**
 * POST /api/my-payout-account/stripe-onboarding body (decision 077): Stripe's onboarding is where the
 * bank account payouts go to is set, so it needs the same proof as any destination change.
 */
export const StripeOnboardingInputSchema = z
  .object({ currentPassword: CurrentPasswordProofSchema, totpCode: SecondFactorProofSchema })
  .nullish();
export type StripeOnboardingInput = z.infer<typeof StripeOnboardingInputSchema>;

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

/** POST /api/payout-destination/report: the "this wasn't me" link's token (decision 071). */
export const DestinationReportInputSchema = z.object({
  token: z
    .string({ error: 'This link is invalid.' })
    .min(1, 'This link is invalid.')
    .max(200, 'This link is invalid.'),
});

/** POST /api/admin/payouts/users/:userId/unfreeze: why the admin lifts the freeze (kept in the audit log). */
export const UnfreezePayoutsInputSchema = z.object({
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
