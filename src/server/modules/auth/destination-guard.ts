/**
 * Where money goes changes only with proof (decision 071, PRODUCT.md "Money that cannot be stolen"):
 * the current password now; the second factor where the account has one, when two-factor sign-in
 * lands (the hook is confirmDestinationChange). And the owner's one-click "this wasn't me" link.
 */
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import type { UserRow } from '#server/modules/users/index.ts';
import {
  DESTINATION_PASSWORD_REQUIRED_MESSAGE,
  DESTINATION_PASSWORD_WRONG_MESSAGE,
} from '#shared/payouts.schemas.ts';
import { clearLoginFailures, isLoginBackingOff, recordLoginFailure } from './login-codes.service.ts';
import * as repo from './auth.repo.ts';
import { verifySecondFactor, type SecondFactorContext } from './two-factor.service.ts';

/** What the owner gives to change a payout destination: the password, or a second-factor code. */
export type DestinationProof = { currentPassword?: string | undefined; totpCode?: string | undefined };

/** The request's client address (its wrong passwords count toward the log-in back-off) and time. */
export type DestinationProofContext = SecondFactorContext & { client: string; backoff: boolean };

const TOO_MANY_TRIES_MESSAGE =
  'Too many wrong passwords. Wait a few minutes, or sign out and sign in again, then try once more.';

const SECOND_FACTOR_WRONG_MESSAGE =
  'That code is not right. Enter the 6-digit code from your authenticator app, a recovery code, or your password.';

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { fieldErrors: { currentPassword: [message] } });
}

/**
 * Checks that the account's owner is the one changing where its money goes: the current password,
 * or, for an account with two-factor sign-in (decision 072), a code from its app or a recovery code
 * (the same per-account limit as at log-in). A wrong password counts toward the log-in back-off
 * (decision 036) for this account, and while that backs off no password is tried. Throws
 * VALIDATION_FAILED with a field error on currentPassword or totpCode.
 */
export async function confirmDestinationChange(
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'passwordHash'>,
  proof: DestinationProof,
  ctx: DestinationProofContext,
): Promise<void> {
  if (proof.totpCode) {
    if (await verifySecondFactor(db, user.id, proof.totpCode, ctx)) return;
    throw new AppError('VALIDATION_FAILED', SECOND_FACTOR_WRONG_MESSAGE, {
      fieldErrors: { totpCode: [SECOND_FACTOR_WRONG_MESSAGE] },
    });
  }
  const password = proof.currentPassword ?? '';
  if (password === '') refuse(DESTINATION_PASSWORD_REQUIRED_MESSAGE);
  if (!user.passwordHash) {
    refuse(
      'Your account has no password yet. Set one with “Forgot password?”, then change where your money goes.',
    );
  }
  if (ctx.backoff && (await isLoginBackingOff(db, user.email, ctx.client, ctx.now))) {
    throw new AppError('RATE_LIMITED', TOO_MANY_TRIES_MESSAGE);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (ctx.backoff) await recordLoginFailure(db, user.email, ctx.client, ctx.now);
    refuse(DESTINATION_PASSWORD_WRONG_MESSAGE);
  }
  if (ctx.backoff) await clearLoginFailures(db, user.email, ctx.client);
}

/** How long a "this wasn't me" link works: long enough to be read after a holiday. */
const REPORT_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** A one-time "this wasn't me" token for the destination-change mail (only its hash is stored). */
export async function createDestinationReportToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = createSecretToken();
  await repo.insertEmailToken(db, {
    userId,
    purpose: 'report_destination',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + REPORT_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Uses a "this wasn't me" token once: the account it was mailed for. Every session of that account
 * ends here (whoever changed the destination is signed out, and so is the owner, who signs in again).
 */
export async function redeemDestinationReportToken(tx: Db, token: string, now: Date): Promise<number> {
  const row = await repo.findEmailToken(tx, hashToken(token), 'report_destination');
  if (!row || row.usedAt || !(await repo.useEmailToken(tx, row.id, now))) {
    throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(
      'TOKEN_EXPIRED',
      'This link has expired. Change your password and contact us so we can check your payouts.',
    );
  }
  await repo.deleteUserSessions(tx, row.userId);
  return row.userId;
}
