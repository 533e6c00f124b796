import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import { findAccountById, type UserRow } from '#server/modules/users/index.ts';
import {
  clearBackoff,
  findBackoffWait,
  recordBackoffFailure,
  type BackoffPolicy,
} from '#server/platform/rate-limit/index.ts';
import type { MessageResponse, SecondFactorMethod, TwoFactorRequired } from '#shared/auth.schemas.ts';
import { BRAND } from '#shared/brand.ts';
import type { RecoveryCodes, TotpSetup, TwoFactorStatus } from '#shared/two-factor.schemas.ts';
import type { SessionKind } from './auth.repo.ts';
import * as passkeyRepo from './passkeys.repo.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUri } from './totp.ts';
import { isSealed, type TotpSecretBox } from './totp-secrets.ts';
import * as repo from './two-factor.repo.ts';

/** When a code is checked, and the key that opens the stored secrets (decision 075). */
export type SecondFactorContext = { now: Date; totpSecrets: TotpSecretBox };

/**
 * Two-factor sign-in with an authenticator app (decision 072). An account enrols (a secret, confirmed
 * by its first code, which also hands out ten recovery codes); from then on a right password opens no
 * session but a short-lived challenge, which a code from the app or an unused recovery code completes.
 */

/** How long the second step waits for its code. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Tries per challenge; the challenge dies after them and the log-in starts again. */
const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * Wrong codes per account, whatever the challenge or feature asks (the log-in's second step, a payout
 * destination change): 10 free, then every code, even a right one, waits 15 minutes, doubling to an
 * hour; forgotten after an hour without a wrong code. 6 digits against 10 guesses an hour and 3 codes
 * valid at a time is about one chance in 30,000 a day.
 */
const TWO_FACTOR_BACKOFF: BackoffPolicy = {
  freeFailures: 10,
  baseDelayMs: 15 * 60_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

const TWO_FACTOR_REQUIRED_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or a recovery code, to finish logging in.';
const WRONG_CODE_MESSAGE = 'That code is not right. Check the authenticator app and try again.';
const PASSKEY_REQUIRED_MESSAGE = 'Confirm with your passkey to finish logging in.';
const CHALLENGE_INVALID_MESSAGE = 'This sign-in step no longer works. Please log in again.';
const CHALLENGE_EXPIRED_MESSAGE = 'This sign-in step has expired. Please log in again.';

const backoffKey = (userId: number) => `2fa:user:${userId}`;

function tooManyCodes(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } },
  );
}

/** Whether the account has an enabled authenticator app. */
async function hasTotp(db: Db, userId: number): Promise<boolean> {
  return (await repo.findTotpFactor(db, userId))?.enabledAt != null;
}

/** The second factors a log-in can be completed with: the authenticator app, the passkeys (decision 075). */
async function secondFactors(db: Db, userId: number): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (await hasTotp(db, userId)) methods.push('totp');
  if ((await passkeyRepo.countPasskeys(db, userId)) > 0) methods.push('passkey');
  return methods;
}

/**
 * The base32 secret of a factor; one stored in the clear (before decision 075) is sealed on the way.
 */
async function readSecret(db: Db, factor: repo.TotpFactorRow, ctx: SecondFactorContext): Promise<string> {
  const secret = ctx.totpSecrets.open(factor.secret, factor.userId);
  if (!isSealed(factor.secret)) {
    await repo.replaceTotpSecret(db, factor.id, factor.secret, ctx.totpSecrets.seal(secret, factor.userId));
  }
  return secret;
}

/**
 * Start-up (decision 075): seals every secret still stored in the clear, so a database copied
 * today holds none whether or not their owners sign in again. Answers how many it sealed.
 */
export async function sealPlainTotpSecrets(db: Db, totpSecrets: TotpSecretBox): Promise<number> {
  let sealed = 0;
  for (const factor of await repo.listPlainTotpFactors(db)) {
    const secret = totpSecrets.seal(factor.secret, factor.userId);
    if (await repo.replaceTotpSecret(db, factor.id, factor.secret, secret)) sealed += 1;
  }
  return sealed;
}

/**
 * Checks a second-factor code for an account: a code from its authenticator app (each 30-second
 * step once) or one of its unused recovery codes (used up by this). Wrong codes count against the
 * account (TWO_FACTOR_BACKOFF); while it waits, every code is refused with RATE_LIMITED. False when
 * the account has no second factor or the code is wrong. Other features call it to accept a code
 * instead of a password.
 */
export async function verifySecondFactor(
  db: Db,
  userId: number,
  code: string,
  ctx: SecondFactorContext,
): Promise<boolean> {
  const { now } = ctx;
  const wait = await findBackoffWait(db, backoffKey(userId), now);
  if (wait > 0) throw tooManyCodes(wait);
  const factor = await repo.findTotpFactor(db, userId);
  if (!factor?.enabledAt) return false;
  const trimmed = code.replace(/\s+/g, '');
  let accepted = false;
  if (/^\d{6}$/.test(trimmed)) {
    const step = await matchTotp(await readSecret(db, factor, ctx), trimmed, now, factor.lastUsedStep);
    accepted = step !== null && (await repo.useTotpStep(db, factor.id, step, {}));
  } else if (trimmed.length > 0 && trimmed.length <= 20) {
    accepted = await repo.useRecoveryCode(db, userId, hashRecoveryCode(trimmed), now);
  }
  if (accepted) {
    await clearBackoff(db, backoffKey(userId));
    return true;
  }
  const delay = await recordBackoffFailure(db, backoffKey(userId), now, TWO_FACTOR_BACKOFF);
  if (delay > 0) throw tooManyCodes(delay);
  return false;
}

/**
 * The second step for an account that passed the password (or mailed code): with a second factor,
 * a one-time challenge (its hash stored) instead of a session; without one, null.
 */
export async function startSecondStep(
  db: Db,
  user: UserRow,
  kind: SessionKind,
  now: Date,
): Promise<TwoFactorRequired | null> {
  const methods = await secondFactors(db, user.id);
  if (methods.length === 0) return null;
  const challenge = createSecretToken();
  await repo.insertChallenge(db, {
    userId: user.id,
    kind,
    challengeHash: hashToken(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  const message = methods.includes('totp') ? TWO_FACTOR_REQUIRED_MESSAGE : PASSKEY_REQUIRED_MESSAGE;
  return { twoFactorRequired: true, challenge, message, methods };
}

/**
 * The account a second step waits for, when its challenge is unused, unexpired and of this kind
 * (a passkey may complete it: decision 075); INVALID_TOKEN or TOKEN_EXPIRED otherwise.
 */
export async function findPendingSecondStepUser(
  db: Db,
  challenge: string,
  kind: SessionKind,
  now: Date,
): Promise<number> {
  const row = await repo.findChallenge(db, hashToken(challenge));
  if (!row || row.usedAt || row.kind !== kind) throw new AppError('INVALID_TOKEN', CHALLENGE_INVALID_MESSAGE);
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('TOKEN_EXPIRED', CHALLENGE_EXPIRED_MESSAGE);
  }
  return row.userId;
}

/**
 * POST /api/auth/2fa/verify (and the admin's): the code completes the challenge's log-in. Each try
 * counts (CHALLENGE_MAX_ATTEMPTS); a right code uses the challenge. Answers the account to sign in.
 */
export async function redeemSecondStep(
  db: Db,
  input: { challenge: string; code: string },
  kind: SessionKind,
  ctx: SecondFactorContext,
): Promise<UserRow> {
  const { now } = ctx;
  const row = await repo.claimChallengeAttempt(db, hashToken(input.challenge), CHALLENGE_MAX_ATTEMPTS);
  if (!row || row.kind !== kind) throw new AppError('INVALID_TOKEN', CHALLENGE_INVALID_MESSAGE);
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('TOKEN_EXPIRED', CHALLENGE_EXPIRED_MESSAGE);
  }
  if (!(await verifySecondFactor(db, row.userId, input.code, ctx))) {
    const message = row.attempts >= CHALLENGE_MAX_ATTEMPTS ? CHALLENGE_INVALID_MESSAGE : WRONG_CODE_MESSAGE;
    throw new AppError('INVALID_TOKEN', message, { fieldErrors: { code: [message] } });
  }
  const user = await findAccountById(db, row.userId);
  if (!user || !(await repo.useChallenge(db, row.id, now))) {
    throw new AppError('INVALID_TOKEN', CHALLENGE_INVALID_MESSAGE);
  }
  return user;
}

/** POST /api/auth/2fa/totp: a new secret for the signed-in account (not on until confirmed). */
export async function startTotpEnrolment(
  db: Db,
  userId: number,
  totpSecrets: TotpSecretBox,
): Promise<TotpSetup> {
  const account = await findAccountById(db, userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
  if (await hasTotp(db, userId)) {
    throw new AppError(
      'CONFLICT',
      'The authenticator app is already on. Turn it off first to set up another.',
    );
  }
  const secret = newTotpSecret();
  await repo.upsertPendingTotp(db, userId, totpSecrets.seal(secret, userId));
  return { secret, otpauthUrl: totpUri(secret, BRAND.name, account.email) };
}

/**
 * POST /api/auth/2fa/totp/confirm: the app's first code proves it holds the secret; the factor is on
 * from now and the ten recovery codes (replacing any earlier ones) are answered, this once.
 */
export async function confirmTotpEnrolment(
  db: Db,
  userId: number,
  code: string,
  ctx: SecondFactorContext,
): Promise<RecoveryCodes> {
  const { now } = ctx;
  const factor = await repo.findTotpFactor(db, userId);
  if (!factor) throw new AppError('UNPROCESSABLE', 'Start the set-up first.');
  if (factor.enabledAt) throw new AppError('CONFLICT', 'The authenticator app is already on.');
  const wrong = () =>
    new AppError('VALIDATION_FAILED', WRONG_CODE_MESSAGE, { fieldErrors: { code: [WRONG_CODE_MESSAGE] } });
  const step = await matchTotp(await readSecret(db, factor, ctx), code, now, factor.lastUsedStep);
  if (step === null) throw wrong();
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await repo.useTotpStep(tx, factor.id, step, { enableAt: now }))) throw wrong();
    await repo.replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
  });
  return { recoveryCodes };
}

/** DELETE /api/auth/2fa/totp: with the account's password, the authenticator and its recovery codes go. */
export async function disableTotp(db: Db, userId: number, currentPassword: string): Promise<MessageResponse> {
  const account = await findAccountById(db, userId);
  if (!account || !(await verifyPassword(account.passwordHash, currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Current password is incorrect', {
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
  }
  await db.transaction(async (tx) => {
    await repo.deleteTotpFactor(tx, userId);
    await repo.replaceRecoveryCodes(tx, userId, []);
  });
  return { message: 'Two-factor sign-in is off.' };
}

/**
 * Whether this admin must set up a second factor before using the admin routes: the site setting
 * requireAdminTwoFactor is on, this admin has none, and at least one admin has enrolled (until the
 * first does, nothing is enforced, so an install keeps working while its admins are asked).
 */
export async function isAdminEnrolmentRequired(
  db: Db,
  userId: number,
  requireAdminTwoFactor: boolean,
): Promise<boolean> {
  if (!requireAdminTwoFactor || (await secondFactors(db, userId)).length > 0) return false;
  return repo.anyAdminHasSecondFactor(db);
}

/** GET /api/auth/2fa and /api/admin/auth/2fa. */
export async function twoFactorStatus(
  db: Db,
  userId: number,
  enrolmentRequired: boolean,
): Promise<TwoFactorStatus> {
  const factor = await repo.findTotpFactor(db, userId);
  const enabledAt = factor?.enabledAt ?? null;
  return {
    totpEnabled: enabledAt !== null,
    passkeys: await passkeyRepo.countPasskeys(db, userId),
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
    enrolmentRequired,
  };
}

/**
 * Deletes second-step and passkey (WebAuthn) challenges a day past their expiry; run with the log-in
 * codes' pruning.
 */
export async function pruneTwoFactorChallenges(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 24 * 3600_000);
  return (
    (await repo.deleteChallengesExpiredBefore(db, before)) +
    (await passkeyRepo.deleteWebauthnChallengesExpiredBefore(db, before))
  );
}
