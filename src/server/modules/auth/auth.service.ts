import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import {
  clearAccountDestinations,
  createAccountUnlessEmailTaken,
  findAccountByEmail,
  findAccountById,
  updateAccount,
  userFromRow,
  type UserRow,
} from '#server/modules/users/index.ts';
import { deletePayoutAccount } from '#server/modules/payouts/index.ts';
import type {
  AuthSession,
  CheckEmailResponse,
  LoginCodeInput,
  LoginCodeRequired,
  LoginInput,
  LoginResponse,
  MessageResponse,
  SessionOrTwoFactor,
  SetPasswordInput,
  SignupInput,
  SignupResponse,
  VerifyEmailResponse,
} from '#shared/auth.schemas.ts';
import { ROUTES } from '#shared/brand.ts';
import type { PasskeyAuthenticationInput } from '#shared/passkeys.schemas.ts';
import type { ChangePasswordInput } from '#shared/users.schemas.ts';
import {
  answerWithLoginCode,
  clearLoginFailures,
  isLoginBackingOff,
  type LoginClient,
  recordLoginFailure,
  redeemLoginCode,
} from './login-codes.service.ts';
import * as repo from './auth.repo.ts';
import type { SessionKind } from './auth.repo.ts';
import { accountExistsMail, setPasswordMail, verificationMail } from './auth.mail.ts';
import { finishPasskeySignIn, type PasskeyContext } from './passkeys.service.ts';
import { redeemSecondStep, startSecondStep, type SecondFactorContext } from './two-factor.service.ts';

const HOUR_MS = 3600 * 1000;
export const SESSION_TTL_MS: Record<SessionKind, number> = { user: 30 * 24 * HOUR_MS, admin: 12 * HOUR_MS };
const EMAIL_TOKEN_TTL_MS = 24 * HOUR_MS;

/** Where links in e-mails point, and the time the rules are judged at (app.clock()). */
export type MailContext = { now: Date; publicUrl: string };

const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
const EMAIL_NOT_VERIFIED_MESSAGE =
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

const SIGNUP_MESSAGE =
  'Account created! Please check your email and click the verification link to activate your account.';

/**
 * POST /api/auth/signup: creates an unverified account and mails its verification link. An e-mail
 * that already has an account gets the same answer (so sign-up does not tell which e-mails are
 * registered) and its owner gets a mail instead: how to log in or set a new password (a password-less
 * guest account gets its set-password link). Both cases hash the password, run the same statements
 * and queue one mail, so neither does the answer's timing (issue 25). A taken username is refused as
 * usual: usernames are public.
 */
export async function signup(db: Db, input: SignupInput, ctx: MailContext): Promise<SignupResponse> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const { created, existing } = await createAccountUnlessEmailTaken(tx, {
      email: input.email,
      username: input.username,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      referralCode: input.referralCode,
    });
    if (created) await mailVerificationLink(tx, created, ctx);
    else await mailAccountExists(tx, existing, ctx);
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
async function verifyCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findAccountByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash, password);
  return user && isValid ? user : null;
}

/**
 * How a log-in is judged: when, whether failures back off (off with RATE_LIMIT=false), the client's
 * address (request.ip) they count against, and what a mailed code links to.
 */
export type LoginContext = { now: Date; backoff: boolean } & LoginClient;

/** What a log-in attempt comes to: the account when the password alone lets it in, or the code step. */
export type LoginCheck = { user: UserRow | null; codeStep: LoginCodeRequired | null };

/**
 * Checks credentials with back-off per account and per account from this client (docs/decisions/036):
 * while either is backing off, the answer is the code step whatever the password (a code is mailed
 * only when it was right and `mayGetCode` allows), so guesses learn nothing and the owner is never
 * refused. Keyed by the e-mail whether or not an account uses it, so it tells no one which are registered.
 */
export async function checkLogin(
  db: Db,
  input: LoginInput,
  ctx: LoginContext,
  code: { kind: SessionKind; mayGetCode: (user: UserRow) => boolean },
): Promise<LoginCheck> {
  const isBackingOff = ctx.backoff && (await isLoginBackingOff(db, input.email, ctx.client, ctx.now));
  const user = await verifyCredentials(db, input.email, input.password);
  if (ctx.backoff && !user) await recordLoginFailure(db, input.email, ctx.client, ctx.now);
  if (isBackingOff) {
    const codeStep = await answerWithLoginCode(
      db,
      user && code.mayGetCode(user) ? user : null,
      code.kind,
      ctx,
    );
    return { user: null, codeStep };
  }
  if (ctx.backoff && user) await clearLoginFailures(db, input.email, ctx.client);
  return { user, codeStep: null };
}

/** A user session for an account that passed the log-in: only verified accounts get one. */
async function openUserSession(db: Db, user: UserRow | null, now: Date): Promise<AuthSession> {
  if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  const token = await createSession(db, user.id, 'user', now);
  return { token, user: await userFromRow(db, user) };
}

/** As openUserSession, but an account with a second factor gets its step instead (decision 072). */
async function openUserSessionOrSecondStep(
  db: Db,
  user: UserRow | null,
  now: Date,
): Promise<SessionOrTwoFactor> {
  if (user?.isEmailVerified) {
    const secondStep = await startSecondStep(db, user, 'user', now);
    if (secondStep) return secondStep;
  }
  return openUserSession(db, user, now);
}

/** POST /api/auth/login: a session, while backing off the code step, or the second factor's step. */
export async function login(db: Db, input: LoginInput, ctx: LoginContext): Promise<LoginResponse> {
  const { user, codeStep } = await checkLogin(db, input, ctx, { kind: 'user', mayGetCode: () => true });
  return codeStep ?? openUserSessionOrSecondStep(db, user, ctx.now);
}

/** POST /api/auth/2fa/verify: the second factor's code completes a log-in (decision 072). */
export async function loginWithSecondFactor(
  db: Db,
  input: { challenge: string; code: string },
  ctx: SecondFactorContext,
): Promise<AuthSession> {
  return openUserSession(db, await redeemSecondStep(db, input, 'user', ctx), ctx.now);
}

/**
 * POST /api/auth/passkeys/authentication: a passkey (with its owner verified by the authenticator:
 * two factors in one) opens the session, with no password and no code (decision 075).
 */
export async function loginWithPasskey(
  db: Db,
  input: PasskeyAuthenticationInput,
  ctx: PasskeyContext,
): Promise<AuthSession> {
  return openUserSession(db, await finishPasskeySignIn(db, input, ctx), ctx.now);
}

/** POST /api/auth/login/code: the mailed code stands for the password of a log-in that was backing off. */
export async function loginWithCode(
  db: Db,
  input: LoginCodeInput,
  ctx: { now: Date; client: string },
): Promise<SessionOrTwoFactor> {
  return openUserSessionOrSecondStep(db, await redeemLoginCode(db, input, 'user', ctx), ctx.now);
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

/**
 * The e-mail of an account is proven (a mailed link was used). The first time, everything set before
 * by whoever held a session without that proof goes (docs/decisions/035): where money and parcels
 * would go (PayPal e-mail, payout account, saved addresses) and every session; and a password set
 * with a guest checkout's hand-out is discarded, so only the address's owner chooses the next one.
 */
async function proveEmail(tx: Db, account: UserRow, now: Date): Promise<UserRow> {
  if (!account.isEmailVerified) {
    await clearAccountDestinations(tx, account.id);
    await deletePayoutAccount(tx, account.id);
    await repo.deleteUserSessions(tx, account.id);
  }
  if (account.hasUnprovenPassword) {
    await repo.deleteUserSessions(tx, account.id);
    await repo.retireEmailTokens(tx, account.id, 'claim_guest', now);
  }
  return updateAccount(tx, account.id, {
    isEmailVerified: true,
    ...(account.hasUnprovenPassword ? { passwordHash: null, hasUnprovenPassword: false } : {}),
  });
}

const EMAIL_VERIFIED_MESSAGE = 'Your email has been verified. Welcome!';
const CHOOSE_PASSWORD_MESSAGE =
  'Your email has been verified. For your safety, please choose your password again.';
const OTHER_ACCOUNT_SIGNED_IN_MESSAGE =
  'This email address is now verified. You are signed in to a different account, so we did not switch: log out first, then log in with the verified address.';

/**
 * GET /api/auth/verify-email: uses the token once and marks the e-mail verified (proveEmail). Signs
 * the link's account in, unless this browser is signed in to another account (`viewerId`): a link
 * never swaps a session for someone else's (login CSRF, issue 25). An account left without a
 * password gets a one-time token for /set-password instead of a session.
 */
export async function verifyEmail(
  db: Db,
  token: string,
  ctx: { now: Date; viewerId: number | null },
): Promise<VerifyEmailResponse> {
  const { now } = ctx;
  const row = await readEmailToken(db, token, 'verify_email', now);
  return db.transaction(async (tx) => {
    if (!(await repo.useEmailToken(tx, row.id, now))) {
      throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
    }
    const account = await findAccountById(tx, row.userId);
    if (!account) throw new AppError('INVALID_TOKEN', 'This link is invalid or has already been used.');
    const user = await proveEmail(tx, account, now);
    if (ctx.viewerId !== null && ctx.viewerId !== user.id) {
      const message = user.passwordHash
        ? OTHER_ACCOUNT_SIGNED_IN_MESSAGE
        : `${OTHER_ACCOUNT_SIGNED_IN_MESSAGE} Use “Forgot password?” there to choose its password.`;
      return { outcome: 'log_in', email: user.email, message };
    }
    if (!user.passwordHash) {
      const setPasswordToken = await createSetPasswordToken(tx, user.id, now);
      return {
        outcome: 'set_password',
        email: user.email,
        setPasswordToken,
        message: CHOOSE_PASSWORD_MESSAGE,
      };
    }
    const sessionToken = await createSession(tx, user.id, 'user', now);
    return {
      outcome: 'signed_in',
      token: sessionToken,
      user: await userFromRow(tx, user),
      message: EMAIL_VERIFIED_MESSAGE,
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

/** How long a guest checkout's claim link stands before another checkout may mail a fresh one. */
const CLAIM_LINK_RESEND_MS = 10 * 60 * 1000;

/**
 * A guest checkout named the e-mail of a password-less account (made by an earlier guest checkout or
 * an offline transfer): its owner is mailed a set-password link, which proves the address and signs
 * them in, so they can buy as themselves. At most one such mail per CLAIM_LINK_RESEND_MS, however
 * often checkouts name the address.
 */
export async function mailAccountClaimLink(db: Db, userId: number, ctx: MailContext): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findAccountById(tx, userId);
    if (!user || user.passwordHash) return;
    const last = await repo.findNewestEmailTokenTime(tx, user.id, 'set_password');
    if (last && ctx.now.getTime() - last.getTime() < CLAIM_LINK_RESEND_MS) return;
    await mailSetPasswordLink(tx, user, ctx);
  });
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
 * every other session and signs the user in. A mailed token also proves the e-mail (proveEmail); a
 * guest's hand-out token does not (the buyer may have typed someone else's address), so the password
 * is marked unproven and a verification link is mailed: signing in later waits for it, and using it
 * discards that password (docs/decisions/035).
 */
export async function setPassword(
  db: Db,
  input: SetPasswordInput,
  ctx: MailContext,
): Promise<SessionOrTwoFactor> {
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
    const current = (await findAccountById(tx, account.id)) ?? account;
    if (provesEmail) await proveEmail(tx, current, ctx.now);
    const user = await updateAccount(tx, account.id, { passwordHash, hasUnprovenPassword: !provesEmail });
    await repo.retireEmailTokens(tx, user.id, 'set_password', ctx.now);
    await repo.retireEmailTokens(tx, user.id, 'claim_guest', ctx.now);
    await repo.deleteUserSessions(tx, user.id);
    if (!user.isEmailVerified) await mailVerificationLink(tx, user, ctx);
    // A mailed link proves the mailbox, not the second factor: its step still comes (decision 072).
    const secondStep = user.isEmailVerified ? await startSecondStep(tx, user, 'user', ctx.now) : null;
    if (secondStep) return secondStep;
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
