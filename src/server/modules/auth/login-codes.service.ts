import crypto from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createSecretToken, hashToken, safeEqual } from '#server/lib/tokens.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import { findAccountById, type UserRow } from '#server/modules/users/index.ts';
import {
  clearBackoff,
  findBackoffWait,
  LOGIN_BACKOFF,
  recordBackoffFailure,
  type BackoffPolicy,
} from '#server/platform/rate-limit/index.ts';
import type { LoginCodeInput, LoginCodeRequired } from '#shared/auth.schemas.ts';
import type { SessionKind } from './auth.repo.ts';
import * as repo from './login-codes.repo.ts';
import { loginCodeMail } from './login-code.mail.ts';

/**
 * Log-in back-off with a mailed code as the way past it (docs/decisions/036). Failures count twice:
 * per account from one client (LOGIN_BACKOFF: 5 free) and per account from every client together
 * (ACCOUNT_LOGIN_BACKOFF: 20 free). While either is backing off, the right password alone is not
 * enough: the account is mailed a code. Nobody is ever refused outright, so a stranger's guesses
 * cannot keep the owner out, and their guesses teach them nothing while the code is asked for.
 */

const LOGIN_CODE_TTL_MS = 10 * 60_000;
/** Tries per code, the right one included. */
const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** Codes mailed per account per hour; past it the answer stays the same but no mail goes out. */
const LOGIN_CODES_PER_HOUR = 5;

/** Failures from every client together: enough that one stranger's guesses do not reach it. */
const ACCOUNT_LOGIN_BACKOFF: BackoffPolicy = { ...LOGIN_BACKOFF, freeFailures: 20 };

const LOGIN_CODE_REQUIRED_MESSAGE =
  'To keep your account safe after several failed log-ins, we e-mailed you a sign-in code. Enter it to finish logging in. If no e-mail arrives, check the password you typed and try again.';
const LOGIN_CODE_WRONG_MESSAGE = 'That code is not right. Please check the e-mail and try again.';
const LOGIN_CODE_INVALID_MESSAGE = 'This code no longer works. Please log in again to get a new one.';
const LOGIN_CODE_EXPIRED_MESSAGE = 'This code has expired. Please log in again to get a new one.';

/** Where a log-in comes from: the client's address, and what the code mail links to. */
export type LoginClient = { client: string; publicUrl: string };

type BackoffKeys = { account: string; client: string };

/** The account's key (unchanged since decision 024) and the account-from-this-client key; no plain e-mail or address. */
function backoffKeys(email: string, client: string): BackoffKeys {
  const account = `login:${hashToken(email.trim().toLowerCase())}`;
  return { account, client: `${account}|client:${hashToken(client)}` };
}

/** Whether a log-in for this e-mail from this client must pass a mailed code now. */
export async function isLoginBackingOff(db: Db, email: string, client: string, now: Date): Promise<boolean> {
  const keys = backoffKeys(email, client);
  return (
    (await findBackoffWait(db, keys.client, now)) > 0 || (await findBackoffWait(db, keys.account, now)) > 0
  );
}

/** Counts a wrong password against the account from this client and against the account. */
export async function recordLoginFailure(db: Db, email: string, client: string, now: Date): Promise<void> {
  const keys = backoffKeys(email, client);
  await recordBackoffFailure(db, keys.client, now, LOGIN_BACKOFF);
  await recordBackoffFailure(db, keys.account, now, ACCOUNT_LOGIN_BACKOFF);
}

/** Forgets the failures (a sign-in that got through). */
export async function clearLoginFailures(db: Db, email: string, client: string): Promise<void> {
  const keys = backoffKeys(email, client);
  await clearBackoff(db, keys.client);
  await clearBackoff(db, keys.account);
}

function codeHashOf(challenge: string, code: string): string {
  return hashToken(`${challenge}:${code}`);
}

/**
 * The answer while backing off. With `user` (the right password) a code is mailed, unless the account
 * had LOGIN_CODES_PER_HOUR already; without, the challenge leads nowhere, and the answer looks the same.
 */
export async function answerWithLoginCode(
  db: Db,
  user: UserRow | null,
  kind: SessionKind,
  ctx: LoginClient & { now: Date },
): Promise<LoginCodeRequired> {
  const challenge = createSecretToken();
  if (user) {
    await db.transaction(async (tx) => {
      const sentSince = new Date(ctx.now.getTime() - 3600_000 + LOGIN_CODE_TTL_MS);
      if ((await repo.countLoginCodesExpiringAfter(tx, user.id, sentSince)) >= LOGIN_CODES_PER_HOUR) return;
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      await repo.insertLoginCode(tx, {
        userId: user.id,
        kind,
        challengeHash: hashToken(challenge),
        codeHash: codeHashOf(challenge, code),
        expiresAt: new Date(ctx.now.getTime() + LOGIN_CODE_TTL_MS),
      });
      const minutes = LOGIN_CODE_TTL_MS / 60_000;
      await enqueueMail(tx, await loginCodeMail(user, ctx.publicUrl, { code, minutes, kind }));
    });
  }
  return { codeRequired: true, challenge, message: LOGIN_CODE_REQUIRED_MESSAGE };
}

/**
 * Checks a mailed code against its challenge: each try counts (LOGIN_CODE_MAX_ATTEMPTS per code), a
 * right one is used once and forgets the account's log-in failures. Answers the account to sign in.
 */
export async function redeemLoginCode(
  db: Db,
  input: LoginCodeInput,
  kind: SessionKind,
  ctx: { now: Date; client: string },
): Promise<UserRow> {
  const row = await repo.claimLoginCodeAttempt(db, hashToken(input.challenge), LOGIN_CODE_MAX_ATTEMPTS);
  if (!row || row.kind !== kind) throw new AppError('INVALID_TOKEN', LOGIN_CODE_INVALID_MESSAGE);
  if (row.expiresAt.getTime() <= ctx.now.getTime()) {
    throw new AppError('TOKEN_EXPIRED', LOGIN_CODE_EXPIRED_MESSAGE);
  }
  if (!safeEqual(codeHashOf(input.challenge, input.code), row.codeHash)) {
    throw new AppError(
      'INVALID_TOKEN',
      row.attempts >= LOGIN_CODE_MAX_ATTEMPTS ? LOGIN_CODE_INVALID_MESSAGE : LOGIN_CODE_WRONG_MESSAGE,
    );
  }
  const user = await findAccountById(db, row.userId);
  if (!user || !(await repo.useLoginCode(db, row.id, ctx.now))) {
    throw new AppError('INVALID_TOKEN', LOGIN_CODE_INVALID_MESSAGE);
  }
  await clearLoginFailures(db, user.email, ctx.client);
  return user;
}

/** Deletes codes a day past their expiry; run periodically. */
export function pruneLoginCodes(db: Db, now: Date): Promise<number> {
  return repo.deleteLoginCodesExpiredBefore(db, new Date(now.getTime() - 24 * 3600_000));
}
