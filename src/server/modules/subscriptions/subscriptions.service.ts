import type { ServiceContext } from '#server/lib/service-context.ts';
import type {
  ConfirmSubscriptionInput,
  EmailSignupInput,
  EmailSignupResponse,
  SubscriptionChangeResponse,
} from '#shared/subscriptions.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import { enqueueConfirmationMail } from './subscriptions.mail.ts';
import {
  insertSubscription,
  lockSubscriptionByConfirmHash,
  lockSubscriptionByEmail,
  lockSubscriptionByUnsubscribeToken,
  updateSubscription,
} from './subscriptions.repo.ts';

/** The same answer for every address, so sign-up does not reveal who is on the list. */
const SIGNUP_MESSAGE = 'Please check your inbox and confirm your subscription.';
const CONFIRMED_MESSAGE = "Your subscription is confirmed. We'll keep you updated!";
const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed';
const INVALID_CONFIRM_LINK = 'This confirmation link is invalid or has already been used.';
const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is invalid.';

/**
 * Double opt-in sign-up. A new or unsubscribed address becomes not_confirmed and gets a confirmation
 * e-mail; a not yet confirmed one gets a fresh link; a confirmed one is left as it is.
 */
export async function signUpForEmailList(
  ctx: ServiceContext,
  input: EmailSignupInput,
): Promise<EmailSignupResponse> {
  const confirmToken = createSecretToken();
  await ctx.db.transaction(async (tx) => {
    let row = await lockSubscriptionByEmail(tx, input.email);
    if (!row) {
      const created = await insertSubscription(tx, {
        email: input.email,
        confirmTokenHash: hashToken(confirmToken),
        unsubscribeToken: createSecretToken(),
      });
      if (created) {
        await enqueueConfirmationMail(ctx, tx, created.email, confirmToken, created.unsubscribeToken);
        return;
      }
      // Another request inserted the address meanwhile; continue with its row.
      row = await lockSubscriptionByEmail(tx, input.email);
      if (!row) throw new AppError('CONFLICT', 'Please try again.');
    }
    if (row.status === 'confirmed') return;
    await updateSubscription(tx, row.id, {
      status: 'not_confirmed',
      confirmTokenHash: hashToken(confirmToken),
      unsubscribedAt: null,
    });
    await enqueueConfirmationMail(ctx, tx, row.email, confirmToken, row.unsubscribeToken);
  });
  return { message: SIGNUP_MESSAGE };
}

/** Confirms an address with the one-time token from its confirmation e-mail. */
export async function confirmEmailSubscription(
  ctx: ServiceContext,
  input: ConfirmSubscriptionInput,
): Promise<SubscriptionChangeResponse> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubscriptionByConfirmHash(tx, hashToken(input.token));
    if (!row || row.status !== 'not_confirmed') throw new AppError('INVALID_TOKEN', INVALID_CONFIRM_LINK);
    await updateSubscription(tx, row.id, {
      status: 'confirmed',
      confirmedAt: ctx.clock(),
      confirmTokenHash: null,
    });
    return { status: 'confirmed', message: CONFIRMED_MESSAGE };
  });
}

/** Unsubscribes the address behind an unsubscribe token; repeating it is harmless. */
export async function unsubscribeFromEmailList(
  ctx: ServiceContext,
  input: { token: string | undefined },
): Promise<SubscriptionChangeResponse> {
  const token = input.token;
  if (!token) {
    throw new AppError('VALIDATION_FAILED', INVALID_UNSUBSCRIBE_LINK, {
      fieldErrors: { token: [INVALID_UNSUBSCRIBE_LINK] },
    });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubscriptionByUnsubscribeToken(tx, token);
    if (!row) throw new AppError('INVALID_TOKEN', INVALID_UNSUBSCRIBE_LINK);
    if (row.status !== 'unsubscribed') {
      // Dropping the confirmation token stops an old confirmation link from re-subscribing the address.
      await updateSubscription(tx, row.id, {
        status: 'unsubscribed',
        unsubscribedAt: ctx.clock(),
        confirmTokenHash: null,
      });
    }
    return { status: 'unsubscribed', message: UNSUBSCRIBED_MESSAGE };
  });
}
