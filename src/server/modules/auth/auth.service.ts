import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import {
  createAccount,
  findAccountByEmail,
  findAccountById,
  findAccountByUsername,
  USERNAME_TAKEN_MESSAGE,
  updateAccount,
  userFromRow,
  type UserRow,
} from '#server/modules/users/index.ts';
import type {
  AuthSession,
  CheckEmailResponse,
  LoginInput,
  MessageResponse,
  SetPasswordInput,
  SignupInput,
  SignupResponse,
  VerifyEmailResponse,
} from '#shared/auth.schemas.ts';
import { ROUTES } from '#shared/brand.ts';
import type { ChangePasswordInput } from '#shared/users.schemas.ts';
import {
  clearBackoff,
  findBackoffWait,
  LOGIN_BACKOFF,
  recordBackoffFailure,
} from '#server/platform/rate-limit/index.ts';
import * as repo from './auth.repo.ts';
import type { SessionKind } from './auth.repo.ts';
import { accountExistsMail, setPasswordMail, verificationMail } from './auth.mail.ts';

const HOUR_MS = 3600 * 1000;
export const SESSION_TTL_MS: Record<SessionKind, number> = { user: 30 * 24 * HOUR_MS, admin: 12 * HOUR_MS };
export const EMAIL_TOKEN_TTL_MS = 24 * HOUR_MS;

/** Where links in e-mails point, and the time the rules are judged at (app.clock()). */
export type MailContext = { now: Date; publicUrl: string };

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address before logging in. Check your inbox for the verification link.';
const NEUTRAL_VERIFICATION_MESSAGE =
  'If this email belongs to an account that still needs verifying, a new verification link is on its way.';
const NEUTRAL_FORGOT_MESSAGE =
  "If an account exists for this email, we've sent a link to set a new password.";

/** Opens a session: a random bearer token stored only as its hash; 30 days for users, 12 hours for admins. */
export async function createSession(db: Db, userId: number, kind: SessionKind, now: Date): Promise<string> {
  const token = createSecretToken();
  await repo.insertSession(db, {
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS[kind]),
  });
  return token;
}

/** Revokes one session (log-out). */
export async function endSession(db: Db, sessionId: number): Promise<MessageResponse> {
  await repo.deleteSession(db, sessionId);
  return { message: 'Logged out' };
}

async function createEmailToken(db: Db, userId: number, purpose: repo.EmailTokenPurpose, now: Date) {
  const token = createSecretToken();
  await repo.insertEmailToken(db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
  });
  return token;
}

async function mailVerificationLink(tx: Db, user: UserRow, ctx: MailContext): Promise<void> {
  await repo.retireEmailTokens(tx, user.id, 'verify_email', ctx.now);
  const token = await createEmailToken(tx, user.id, 'verify_email', ctx.now);
  const url = `${ctx.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, await verificationMail(user, ctx.publicUrl, url));
}

async function mailSetPasswordLink(tx: Db, user: UserRow, ctx: MailContext): Promise<void> {
  const token = await createSetPasswordToken(tx, user.id, ctx.now);
  const query = new URLSearchParams({ token, email: user.email });
  await enqueueMail(tx, await setPasswordMail(user, ctx.publicUrl, `${ctx.publicUrl}/set-password?${query}`));
}

/**
 * A one-time token that lets the account's owner set a password at /set-password (valid 24 hours);
 * earlier unused ones stop working. Commerce hands it to a guest buyer right after their order.
 * Pass `app.clock()` as `now`.
 */
export async function createSetPasswordToken(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<string> {
  await repo.retireEmailTokens(db, userId, 'set_password', now);
  return createEmailToken(db, userId, 'set_password', now);
}

export const SIGNUP_MESSAGE =
  'Account created! Please check your email and click the verification link to activate your account.';

/**
 * POST /api/auth/signup: creates an unverified account and mails its verification link. An e-mail
 * that already has an account gets the same answer (so sign-up does not tell which e-mails are
 * registered) and its owner gets a mail instead: how to log in or set a new password (a password-less
 * guest account gets its set-password link). A taken username is refused as usual: usernames are public.
 */
export async function signup(db: Db, input: SignupInput, ctx: MailContext): Promise<SignupResponse> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const existing = await findAccountByEmail(tx, input.email);
    if (existing) {
      const holder = await findAccountByUsername(tx, input.username);
      if (holder && holder.id !== existing.id) {
        throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
          fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
        });
      }
      await mailAccountExists(tx, existing, ctx);
      return;
    }
    const user = await createAccount(tx, {
      email: input.email,
      username: input.username,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      referralCode: input.referralCode,
    });
    await mailVerificationLink(tx, user, ctx);
  });
  return { email: input.email, message: SIGNUP_MESSAGE };
}

async function mailAccountExists(tx: Db, user: UserRow, ctx: MailContext): Promise<void> {
  if (!user.passwordHash) return mailSetPasswordLink(tx, user, ctx);
  const token = await createSetPasswordToken(tx, user.id, ctx.now);
  const query = new URLSearchParams({ token, email: user.email });
  await enqueueMail(
    tx,
    await accountExistsMail(user, ctx.publicUrl, {
      login: `${ctx.publicUrl}${ROUTES.login}`,
      setPassword: `${ctx.publicUrl}/set-password?${query}`,
    }),
  );
}

/** Checks an e-mail and password; null when either is wrong (in constant-ish time either way). */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findAccountByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash, password);
  return user && isValid ? user : null;
}

/** How a log-in is judged: when, and whether failures per account back off (off with RATE_LIMIT=false). */
export type LoginContext = { now: Date; backoff: boolean };

/** The answer while an account's log-in is backing off, with the wait in whole minutes and Retry-After. */
export function loginBackoffError(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `Too many failed log-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } },
  );
}

/**
 * Checks credentials with exponential back-off per account (LOGIN_BACKOFF): while an e-mail is
 * backing off, attempts are refused before the password is looked at. Keyed by the e-mail whether or
 * not an account uses it, so the back-off reveals nothing about which e-mails are registered.
 */
export async function checkLogin(db: Db, input: LoginInput, ctx: LoginContext): Promise<UserRow | null> {
  const key = `login:${hashToken(input.email.trim().toLowerCase())}`;
  if (ctx.backoff) {
    const wait = await findBackoffWait(db, key, ctx.now);
    if (wait > 0) throw loginBackoffError(wait);
  }
  const user = await verifyCredentials(db, input.email, input.password);
  if (ctx.backoff) {
    if (user) await clearBackoff(db, key);
    else await recordBackoffFailure(db, key, ctx.now, LOGIN_BACKOFF);
  }
  return user;
}

/** POST /api/auth/login: only verified accounts get a session. */
export async function login(db: Db, input: LoginInput, ctx: LoginContext): Promise<AuthSession> {
  const now = ctx.now;
  const user = await checkLogin(db, input, ctx);
  if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  const token = await createSession(db, user.id, 'user', now);
  return { token, user: await userFromRow(db, user) };
}

/** Reads a one-time e-mail token: unknown or used → INVALID_TOKEN, past its time → TOKEN_EXPIRED. */
async function readEmailToken(db: Db, token: string, purpose: repo.EmailTokenPurpose, now: Date) {
  const row = await repo.findEmailToken(db, hashToken(token), purpose);
  if (!row || row.usedAt) {
    throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('TOKEN_EXPIRED', 'This link has expired. Please request a new one.');
  }
  return row;
}

/** GET /api/auth/verify-email: uses the token once, marks the e-mail verified and signs the user in. */
export async function verifyEmail(db: Db, token: string, now: Date): Promise<VerifyEmailResponse> {
  const row = await readEmailToken(db, token, 'verify_email', now);
  return db.transaction(async (tx) => {
    if (!(await repo.useEmailToken(tx, row.id, now))) {
      throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
    }
    const user = await updateAccount(tx, row.userId, { isEmailVerified: true });
    const sessionToken = await createSession(tx, user.id, 'user', now);
    return {
      token: sessionToken,
      user: await userFromRow(tx, user),
      message: 'Your email has been verified. Welcome!',
    };
  });
}

/**
 * POST /api/auth/send-verification: mails a fresh link when the account still needs verifying
 * (a password link for an account without password). Always the same answer, so it does not
 * reveal which e-mails are registered.
 */
export async function sendVerification(db: Db, email: string, ctx: MailContext): Promise<MessageResponse> {
  await db.transaction(async (tx) => {
    const user = await findAccountByEmail(tx, email);
    if (!user || user.isEmailVerified) return;
    if (user.passwordHash) await mailVerificationLink(tx, user, ctx);
    else await mailSetPasswordLink(tx, user, ctx);
  });
  return { message: NEUTRAL_VERIFICATION_MESSAGE };
}

/** POST /api/auth/forgot-password: mails a set-password link to a registered address; neutral answer. */
export async function forgotPassword(db: Db, email: string, ctx: MailContext): Promise<MessageResponse> {
  await db.transaction(async (tx) => {
    const user = await findAccountByEmail(tx, email);
    if (user) await mailSetPasswordLink(tx, user, ctx);
  });
  return { message: NEUTRAL_FORGOT_MESSAGE };
}

/** POST /api/auth/check-email: whether an account uses this e-mail (spec §3 "Email check response"). */
export async function checkEmail(db: Db, email: string): Promise<CheckEmailResponse> {
  return { exists: (await findAccountByEmail(db, email)) !== null };
}

/**
 * A one-time token for the browser that just paid a guest order (GET /api/orders/:id/checkout-success):
 * it sets the new account's password, but does not verify the e-mail, which only a mailed link does.
 */
export async function createGuestClaimToken(db: Db, userId: number, now: Date): Promise<string> {
  await repo.retireEmailTokens(db, userId, 'claim_guest', now);
  return createEmailToken(db, userId, 'claim_guest', now);
}

/** A set-password token: mailed (proves the address) or handed to a guest buyer's browser (does not). */
async function readSetPasswordToken(db: Db, token: string, now: Date) {
  const row = await repo.findEmailToken(db, hashToken(token), 'claim_guest');
  if (row) return { row: await readEmailToken(db, token, 'claim_guest', now), provesEmail: false };
  return { row: await readEmailToken(db, token, 'set_password', now), provesEmail: true };
}

/**
 * POST /api/auth/set-password: with a valid one-time token for this e-mail, sets the password, ends
 * every other session and signs the user in. A mailed token also marks the e-mail verified; a guest's
 * hand-out token does not (the buyer may have typed someone else's address), so it mails a
 * verification link instead, and signing in later waits for it.
 */
export async function setPassword(db: Db, input: SetPasswordInput, ctx: MailContext): Promise<AuthSession> {
  const { row, provesEmail } = await readSetPasswordToken(db, input.token, ctx.now);
  const account = await findAccountById(db, row.userId);
  if (!account || account.email.toLowerCase() !== input.email) {
    throw new AppError('INVALID_TOKEN', 'This link is not valid for this email address.');
  }
  if (!provesEmail && account.passwordHash) {
    throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await repo.useEmailToken(tx, row.id, ctx.now))) {
      throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
    }
    const user = await updateAccount(tx, account.id, {
      passwordHash,
      ...(provesEmail ? { isEmailVerified: true } : {}),
    });
    await repo.retireEmailTokens(tx, user.id, 'set_password', ctx.now);
    await repo.retireEmailTokens(tx, user.id, 'claim_guest', ctx.now);
    await repo.deleteUserSessions(tx, user.id);
    if (!user.isEmailVerified) await mailVerificationLink(tx, user, ctx);
    const token = await createSession(tx, user.id, 'user', ctx.now);
    return { token, user: await userFromRow(tx, user) };
  });
}

/** POST /api/users/change-password: needs the current password; ends the user's other sessions. */
export async function changePassword(
  db: Db,
  options: { userId: number; sessionId: number; input: ChangePasswordInput },
): Promise<MessageResponse> {
  const account = await findAccountById(db, options.userId);
  if (!account || !(await verifyPassword(account.passwordHash, options.input.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Current password is incorrect', {
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
  }
  const passwordHash = await hashPassword(options.input.newPassword);
  await db.transaction(async (tx) => {
    await updateAccount(tx, account.id, { passwordHash });
    await repo.deleteUserSessions(tx, account.id, options.sessionId);
  });
  return { message: 'Password changed successfully' };
}
