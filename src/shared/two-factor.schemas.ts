/**
 * Wire schemas of two-factor sign-in with an authenticator app (TOTP; decision 072): enrolment, the
 * log-in's second step, turning it off, and the admin's enrolment state.
 */
import { z } from 'zod';

export const TWO_FACTOR_CODE_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or a recovery code';

/** A 6-digit code from the app or a recovery code (letters, digits and dashes; spaces are dropped). */
const TwoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(?:\d{6}|[A-Za-z0-9-]{10,12})$/, TWO_FACTOR_CODE_MESSAGE));

/** Only a code from the app (enrolment's confirmation). */
const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** POST /api/auth/2fa/totp: the new secret, as text and as the otpauth:// URL a QR code carries. */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** POST /api/auth/2fa/totp/confirm. */
export const TotpConfirmInputSchema = z.object({ code: TotpCodeSchema });

/** The ten recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** DELETE /api/auth/2fa/totp: the password (or, for an account without one, a code). */
export const TotpDisableInputSchema = z.object({
  currentPassword: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
});

/** GET /api/auth/2fa (and /api/admin/auth/2fa): whether the account has a second factor. */
export const TwoFactorStatusSchema = z.object({
  totpEnabled: z.boolean(),
  /** How many passkeys the account has (decision 075): each is a second factor too. */
  passkeys: z.number().int(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Admins only: the admin routes answer 403 until this admin sets up a second factor. */
  enrolmentRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/auth/2fa/verify and /api/admin/auth/2fa/verify. */
export const TwoFactorVerifyInputSchema = z.object({
  challenge: z.string({ error: 'Please log in again' }).min(1, 'Please log in again').max(200),
  code: TwoFactorCodeSchema,
});
export type TwoFactorVerifyInput = z.input<typeof TwoFactorVerifyInputSchema>;

/** The code step's form (the challenge is kept by the page). */
export const TwoFactorCodeFormSchema = z.object({ code: TwoFactorCodeSchema });
