/**
 * Wire schemas for sign-up, log-in, e-mail verification, set-password and the admin log-in
 * (spec §5 and §7). The spec's validation messages live here, so forms and 400 answers agree.
 */
import { z } from 'zod';
import {
  EmailSchema,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT_MESSAGE,
  UserSchema,
  UsernameSchema,
} from './users.schemas.ts';

/** Longest password accepted; argon2 copes with more, but nobody types this much. */
const PASSWORD_MAX_LENGTH = 200;

/** A new password: at least 8 characters (the spec's 6 raised to NIST's minimum, issue 27). */
const NewPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The confirmation field of sign-up and set-password: at least PASSWORD_MIN_LENGTH characters. */
const ConfirmPasswordSchema = z
  .string({ error: 'Please confirm your password' })
  .min(PASSWORD_MIN_LENGTH, 'Please confirm your password')
  .max(PASSWORD_MAX_LENGTH, 'Please confirm your password');

const optionalName = z.string().trim().max(100, 'Must be at most 100 characters').optional();

/** Affiliate codes are at most 20 characters (spec §9); unknown codes are ignored on sign-up. */
const ReferralCodeSchema = z.string().trim().max(20).optional();

/**
 * Adds the "passwords match" rule on confirmPassword. It runs even when other fields are invalid
 * (`when`), so a form shows every problem at once.
 */
function passwordsMatch<T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
  message: string,
) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message,
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });
}

/** POST /api/auth/signup. */
export const SignupInputSchema = passwordsMatch(
  z.object({
    email: EmailSchema,
    username: UsernameSchema,
    password: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
    firstName: optionalName,
    lastName: optionalName,
    /** The `?ref=` affiliate code the browser kept; sets the new user's referrer. */
    referralCode: ReferralCodeSchema,
  }),
  "Passwords don't match",
);
export type SignupInput = z.infer<typeof SignupInputSchema>;

export const SignupResponseSchema = z.object({ email: z.string(), message: z.string() });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** POST /api/auth/login and POST /api/admin/auth/login. */
export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is required'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** A new session: the bearer token (stored as authToken) and the signed-in user. */
export const AuthSessionSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/**
 * The answer to a log-in while it is backing off (docs/decisions/036): the same whatever the password,
 * and when the password was right the account's address was mailed a code that, with `challenge`,
 * completes the log-in (POST /api/auth/login/code, /api/admin/auth/login/code).
 */
export const LoginCodeRequiredSchema = z.object({
  codeRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});
export type LoginCodeRequired = z.infer<typeof LoginCodeRequiredSchema>;

/**
 * A log-in whose password (or mailed code) was right, for an account with a second factor
 * (decision 072): no session yet; `challenge` with a code completes it (POST /api/auth/2fa/verify,
 * /api/admin/auth/2fa/verify).
 */
const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const TwoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
  /** What completes it: a code from the app (or a recovery code), a passkey (decision 075), or either. */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequiredSchema>;

/** POST /api/auth/login: a session, the code step, or the second factor's step. */
export const LoginResponseSchema = z.union([
  AuthSessionSchema,
  LoginCodeRequiredSchema,
  TwoFactorRequiredSchema,
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The code field of the code step: the six digits from the e-mail (spaces around them are fine). */
const LoginCodeSchema = z
  .string({ error: 'Enter the 6-digit code from the e-mail' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail');

/** The code step's form (the challenge is kept by the page, not typed). */
export const LoginCodeFormSchema = z.object({ code: LoginCodeSchema });

/** POST /api/auth/login/code and /api/auth/set-password: a session, or the second factor's step. */
export const SessionOrTwoFactorSchema = z.union([AuthSessionSchema, TwoFactorRequiredSchema]);
export type SessionOrTwoFactor = z.infer<typeof SessionOrTwoFactorSchema>;

/** POST /api/auth/login/code and /api/admin/auth/login/code. */
export const LoginCodeInputSchema = LoginCodeFormSchema.extend({
  challenge: z
    .string({ error: 'Please log in again' })
    .min(1, 'Please log in again')
    .max(200, 'Please log in again'),
});
export type LoginCodeInput = z.infer<typeof LoginCodeInputSchema>;

/** GET /api/auth/verify-email?token= */
export const VerifyEmailQuerySchema = z.object({
  token: z
    .string({ error: 'Verification token is required' })
    .min(1, 'Verification token is required')
    .max(200),
});

/**
 * What a verification link did (docs/decisions/035). signed_in: the spec's answer, a session for the
 * verified account. set_password: the account's password came from a guest checkout's hand-out, so it
 * was discarded with every session, and this one-time token sets a new one at /set-password.
 * log_in: verified, but this browser is signed in to another account, which the link does not replace.
 */
export const VerifyEmailResponseSchema = z.discriminatedUnion('outcome', [
  AuthSessionSchema.extend({ outcome: z.literal('signed_in'), message: z.string() }),
  z.object({
    outcome: z.literal('set_password'),
    message: z.string(),
    email: z.string(),
    setPasswordToken: z.string(),
  }),
  z.object({ outcome: z.literal('log_in'), message: z.string(), email: z.string() }),
]);
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** Body of the calls that take only an e-mail: send-verification, forgot-password, check-email. */
export const EmailInputSchema = z.object({ email: EmailSchema });
export type EmailInput = z.infer<typeof EmailInputSchema>;

/** Spec §3 "Email check response". */
export const CheckEmailResponseSchema = z.object({ exists: z.boolean() });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponseSchema>;

/** A plain confirmation. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** The set-password form (the one-time token travels in the query string, not in a field). */
export const SetPasswordFormSchema = passwordsMatch(
  z.object({ email: EmailSchema, password: NewPasswordSchema, confirmPassword: ConfirmPasswordSchema }),
  "Passwords don't match",
);
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;

/** POST /api/auth/set-password: a password is set only with a one-time token (PRODUCT.md). */
export const SetPasswordInputSchema = passwordsMatch(
  z.object({
    token: z
      .string({ error: 'This link is invalid' })
      .min(1, 'This link is invalid')
      .max(200, 'This link is invalid'),
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  }),
  "Passwords don't match",
);
export type SetPasswordInput = z.infer<typeof SetPasswordInputSchema>;

/** Spec §3 "Admin login result": the admin session token and who signed in. */
export const AdminLoginResponseSchema = z.object({
  token: z.string(),
  admin: z.object({ firstName: z.string().nullable(), username: z.string(), email: z.string() }),
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

/** POST /api/admin/auth/login: the admin session, the code step, or the second factor's step. */
export const AdminLoginAnswerSchema = z.union([
  AdminLoginResponseSchema,
  LoginCodeRequiredSchema,
  TwoFactorRequiredSchema,
]);
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswerSchema>;

/** POST /api/admin/auth/login/code: the admin session, or the second factor's step. */
export const AdminSessionOrTwoFactorSchema = z.union([AdminLoginResponseSchema, TwoFactorRequiredSchema]);
export type AdminSessionOrTwoFactor = z.infer<typeof AdminSessionOrTwoFactorSchema>;
