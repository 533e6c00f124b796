import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import {
  createAccount,
  findAccountByEmail,
  updateAccount,
  usernameBaseFromEmail,
  usernameCandidate,
  type UserRow,
} from '#server/modules/users/index.ts';
import type {
  AdminLoginAnswer,
  AdminLoginResponse,
  AdminSessionOrTwoFactor,
  LoginCodeInput,
  LoginInput,
} from '#shared/auth.schemas.ts';
import type { PasskeyAuthenticationInput } from '#shared/passkeys.schemas.ts';
import { checkLogin, createSession, type LoginContext } from './auth.service.ts';
import { redeemLoginCode } from './login-codes.service.ts';
import { finishPasskeySignIn, type PasskeyContext } from './passkeys.service.ts';
import { redeemSecondStep, startSecondStep, type SecondFactorContext } from './two-factor.service.ts';

/**
 * POST /api/admin/auth/login: a 12-hour admin session, only for accounts whose role is admin; while
 * the log-in is backing off, the code step (a code is mailed only to an admin). Unknown e-mail → 404
 * 'User not found' (the spec's admin screen has a message for it), except during the code step,
 * whose answer is the same for everyone.
 */
export async function loginAdmin(db: Db, input: LoginInput, ctx: LoginContext): Promise<AdminLoginAnswer> {
  const { user, codeStep } = await checkLogin(db, input, ctx, {
    kind: 'admin',
    mayGetCode: (account) => account.role === 'admin',
  });
  if (codeStep) return codeStep;
  if (!user) {
    // The spec's admin screen tells an unknown account apart; the back-off counted this failure either way.
    if (!(await findAccountByEmail(db, input.email))) throw new AppError('NOT_FOUND', 'User not found');
    throw new AppError('UNAUTHENTICATED', 'Invalid admin credentials');
  }
  return openAdminSessionOrSecondStep(db, user, ctx.now);
}

/** POST /api/admin/auth/login/code: the mailed code stands for the password of an admin log-in that was backing off. */
export async function loginAdminWithCode(
  db: Db,
  input: LoginCodeInput,
  ctx: { now: Date; client: string },
): Promise<AdminSessionOrTwoFactor> {
  return openAdminSessionOrSecondStep(db, await redeemLoginCode(db, input, 'admin', ctx), ctx.now);
}

/** POST /api/admin/auth/2fa/verify: the second factor's code completes an admin log-in (decision 072). */
export async function loginAdminWithSecondFactor(
  db: Db,
  input: { challenge: string; code: string },
  ctx: SecondFactorContext,
): Promise<AdminLoginResponse> {
  return openAdminSession(db, await redeemSecondStep(db, input, 'admin', ctx), ctx.now);
}

/** An admin with a second factor gets its step first; others their session. */
async function openAdminSessionOrSecondStep(
  db: Db,
  user: UserRow,
  now: Date,
): Promise<AdminSessionOrTwoFactor> {
  if (user.role !== 'admin') throw new AppError('UNAUTHENTICATED', 'Invalid admin credentials');
  return (await startSecondStep(db, user, 'admin', now)) ?? openAdminSession(db, user, now);
}

/**
 * POST /api/admin/auth/passkeys/authentication: an admin's passkey (user verification included) opens
 * the admin session with no password or code (decision 075); another account's is refused.
 */
export async function loginAdminWithPasskey(
  db: Db,
  input: PasskeyAuthenticationInput,
  ctx: PasskeyContext,
): Promise<AdminLoginResponse> {
  return openAdminSession(db, await finishPasskeySignIn(db, input, ctx), ctx.now);
}

async function openAdminSession(db: Db, user: UserRow, now: Date): Promise<AdminLoginResponse> {
  if (user.role !== 'admin') throw new AppError('UNAUTHENTICATED', 'Invalid admin credentials');
  const token = await createSession(db, user.id, 'admin', now);
  return { token, admin: { firstName: user.firstName, username: user.username, email: user.email } };
}

/**
 * Creates the admin account, or makes an existing account with this e-mail an admin: role admin,
 * e-mail verified, and this password. Used at start-up (ADMIN_EMAIL/ADMIN_PASSWORD) and by the CLI.
 */
export async function ensureAdmin(
  db: Db,
  credentials: { email: string; password: string },
): Promise<{ user: UserRow; isNew: boolean }> {
  const email = credentials.email.trim().toLowerCase();
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    const keepsPassword = await verifyPassword(existing.passwordHash, credentials.password);
    const user = await updateAccount(db, existing.id, {
      role: 'admin',
      isEmailVerified: true,
      ...(!keepsPassword && { passwordHash: await hashPassword(credentials.password) }),
    });
    return { user, isNew: false };
  }
  const passwordHash = await hashPassword(credentials.password);
  for (let attempt = 0; ; attempt++) {
    const username = attempt === 0 ? 'admin' : usernameCandidate(usernameBaseFromEmail(email), attempt - 1);
    try {
      const user = await createAccount(db, {
        email,
        username,
        passwordHash,
        firstName: 'Admin',
        isEmailVerified: true,
        role: 'admin',
        // Past 'admin', the name is made from the e-mail: not shown publicly (decision 060).
        usernameIsPrivate: attempt > 0,
      });
      return { user, isNew: true };
    } catch (err) {
      const taken = err instanceof AppError && err.code === 'CONFLICT' && err.fieldErrors?.username;
      if (!taken || attempt >= 10) throw err;
    }
  }
}
