/**
 * Protected payout destinations (decision 071, PRODUCT.md "Money that cannot be stolen"): where money
 * goes (the payout account's rail and PayPal e-mail; the profile's PayPal e-mail, where direct-PayPal
 * buyers pay) changes only with the owner's password (auth confirmDestinationChange, the two-factor
 * hook); the owner is mailed with a one-click "this wasn't me" that freezes payouts and ends every
 * session; the payouts flow pays a new destination only after payoutDestinationHoldHours.
 */
import { ROUTES } from '#shared/brand.ts';
import type { PayoutAccount, PayoutAccountInput } from '#shared/payouts.schemas.ts';
import type { MessageResponse } from '#shared/auth.schemas.ts';
import type { UpdateProfileInput, User } from '#shared/users.schemas.ts';
import { destinationPayableFrom, maskDestination } from '#shared/payout-destination.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import {
  confirmDestinationChange,
  createDestinationReportToken,
  redeemDestinationReportToken,
  totpSecretBoxFor,
  type DestinationProof,
} from '#server/modules/auth/index.ts';
import {
  checkPayoutMethodAvailable,
  checkStripeOnboardingAvailable,
  payoutAccountDestinationChange,
  restartStripeDestinationHold,
  setPayoutAccount,
  startStripeOnboarding,
} from '#server/modules/payouts/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import {
  findAccountById,
  freezePayouts,
  profilePaypalChange,
  unfreezePayouts,
  updateProfile,
  type UserRow,
} from '#server/modules/users/index.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import { destinationChangedMail } from './destination.mail.ts';

/** The request behind a change: its client address (wrong passwords back off per client). */
export type ChangeRequest = { userId: number; client: string };

async function ownerOf(ctx: ServiceContext, userId: number): Promise<UserRow> {
  const user = await findAccountById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** The same services on a transaction (the app's members are getters: spreading it loses them). */
function inTx(ctx: ServiceContext, tx: Db): ServiceContext {
  return { db: tx, clock: ctx.clock, config: ctx.config, log: ctx.log };
}

function proofContext(ctx: ServiceContext, client: string) {
  return {
    now: ctx.clock(),
    client,
    backoff: ctx.config.rateLimit,
    totpSecrets: totpSecretBoxFor(ctx.config, ctx.log),
  };
}

/** Mails the owner the change, with a one-time "this wasn't me" link, in the change's transaction. */
async function mailOwner(
  ctx: ServiceContext,
  tx: Db,
  user: UserRow,
  change: { what: string; shown: string },
): Promise<void> {
  const now = ctx.clock();
  const { payoutDestinationHoldHours } = await getSiteSettings(inTx(ctx, tx));
  const token = await createDestinationReportToken(tx, user.id, now);
  const reportUrl = `${ctx.config.publicUrl}${ROUTES.payoutDestinationReport}?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    tx,
    await destinationChangedMail(user, ctx.config.publicUrl, {
      ...change,
      at: now,
      payableFrom: destinationPayableFrom(now, payoutDestinationHoldHours)!,
      reportUrl,
    }),
  );
}

/**
 * PUT /api/my-payout-account: a new destination (a first one too: a stolen session could set one)
 * needs the current password; saving the same destination, or removing it, does not.
 */
export async function changePayoutAccount(
  ctx: ServiceContext,
  req: ChangeRequest,
  input: PayoutAccountInput & DestinationProof,
): Promise<PayoutAccount> {
  checkPayoutMethodAvailable(ctx, input.method);
  const change = await payoutAccountDestinationChange(ctx, req.userId, input);
  if (!change) return setPayoutAccount(ctx, req.userId, input);
  const user = await ownerOf(ctx, req.userId);
  await confirmDestinationChange(ctx.db, user, input, proofContext(ctx, req.client));
  return ctx.db.transaction(async (tx) => {
    const account = await setPayoutAccount(inTx(ctx, tx), req.userId, input, {
      destinationChanged: true,
    });
    await mailOwner(ctx, tx, user, { what: 'payout account', shown: change.shown });
    return account;
  });
}

/**
 * PUT /api/users/profile: a new PayPal e-mail (where direct-PayPal buyers pay the seller) needs the
 * current password; the other fields do not.
 */
export async function changeProfile(
  ctx: ServiceContext,
  req: ChangeRequest,
  input: UpdateProfileInput,
): Promise<User> {
  const change = await profilePaypalChange(ctx.db, req.userId, input);
  if (!change) return updateProfile(ctx.db, req.userId, input, { now: ctx.clock() });
  const user = await ownerOf(ctx, req.userId);
  await confirmDestinationChange(ctx.db, user, input, proofContext(ctx, req.client));
  return ctx.db.transaction(async (tx) => {
    const updated = await updateProfile(tx, req.userId, input, { now: ctx.clock() });
    await mailOwner(ctx, tx, user, {
      what: 'PayPal e-mail (where buyers who pay by PayPal pay you)',
      shown: maskDestination(change.paypalEmail),
    });
    return updated;
  });
}

/**
 * POST /api/my-payout-account/stripe-onboarding (decision 077): Stripe's onboarding is where the bank
 * account of the seller's Stripe account is entered or changed, so it needs the password (or second
 * factor) like any other destination change, every time. When the Stripe account is where payouts go
 * (a new one always is), its hold starts again and the owner is mailed with "this wasn't me".
 */
export async function startGuardedStripeOnboarding(
  ctx: ServiceContext,
  req: ChangeRequest,
  proof: DestinationProof,
): Promise<{ url: string }> {
  checkStripeOnboardingAvailable(ctx);
  const user = await ownerOf(ctx, req.userId);
  await confirmDestinationChange(ctx.db, user, proof, proofContext(ctx, req.client));
  // Stripe is called outside the transaction (decision 071's rule for provider calls).
  const started = await startStripeOnboarding(ctx, req.userId);
  if (started.method === 'stripe_connect') {
    await ctx.db.transaction(async (tx) => {
      await restartStripeDestinationHold(inTx(ctx, tx), req.userId);
      await mailOwner(ctx, tx, user, {
        what: 'payout account (Stripe Connect, where you enter the bank account you are paid to)',
        shown: `your Stripe Connect account ${maskDestination(started.accountId)}`,
      });
    });
  }
  return { url: started.url };
}

const DESTINATION_REPORTED_MESSAGE =
  'Thank you. Payouts to your account are frozen and every session is signed out. Set a new password with “Forgot password?”, then contact us: we check the change with you before payouts start again.';

/**
 * POST /api/payout-destination/report: the owner's "this wasn't me" (the mailed token, once): payouts
 * to the account are frozen and every session of it ends, in one transaction.
 */
export async function reportDestinationChange(ctx: ServiceContext, token: string): Promise<MessageResponse> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const userId = await redeemDestinationReportToken(tx, token, now);
    await freezePayouts(tx, userId, now);
  });
  return { message: DESTINATION_REPORTED_MESSAGE };
}

/** POST /api/admin/payouts/users/:userId/unfreeze: an admin lifts the freeze, in the audit log. */
export async function unfreezeAccountPayouts(
  ctx: ServiceContext,
  args: { adminId: number; userId: number; note?: string | undefined },
): Promise<MessageResponse> {
  await ctx.db.transaction(async (tx) => {
    const changed = await unfreezePayouts(tx, args.userId);
    if (!changed) throw new AppError('UNPROCESSABLE', 'Payouts to this account are not frozen.');
    await recordAudit(tx, {
      adminId: args.adminId,
      action: 'payouts.unfreeze',
      entity: 'user',
      entityId: args.userId,
      before: { payoutsFrozen: true },
      after: { payoutsFrozen: false, note: args.note ?? null },
    });
  });
  return { message: 'Payouts to this account are unfrozen.' };
}
