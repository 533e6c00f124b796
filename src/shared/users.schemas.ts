import { z } from 'zod';
import { SecondFactorProofSchema } from './payouts.schemas.ts';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;

/** The message for a new password that is too short, from PASSWORD_MIN_LENGTH. */
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** The signed-in user as the API returns it (spec §3 User). */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  paypalEmail: z.string().nullable(),
  affiliateCode: z.string(),
  profileImageUrl: z.string().nullable(),
  isEmailVerified: z.boolean(),
  totalMinted: z.number().int(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const EmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'));

/** Names that would collide with chip API paths (/api/artchip/gallery/…, /unit/…) or impersonate staff. */
const RESERVED_USERNAMES = new Set([
  'gallery',
  'unit',
  'by-uid',
  'featured',
  'stats',
  'tap',
  'admin',
  'artchip',
  'support',
  'api',
]);

export const UsernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters')
  .max(USERNAME_MAX_LENGTH, 'Username must be less than 50 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only use letters, numbers, dots, dashes and underscores')
  .refine((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), 'This username is not available');

/** PUT /api/users/profile (spec §5 "Profile"); an empty paypalEmail clears it. */
export const UpdateProfileInputSchema = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
  username: UsernameSchema,
  paypalEmail: z
    .union(
      [z.literal(''), z.email('Must be a valid email address').max(254, 'Must be a valid email address')],
      {
        error: 'Must be a valid email address',
      },
    )
    .optional(),
  /** Needed when paypalEmail changes (decision 071): where direct-PayPal buyers pay is money's destination. */
  currentPassword: z.string().max(200, 'That is not your current password.').optional(),
  /** Or, for an account with two-factor sign-in, a code from its app or a recovery code. */
  totpCode: SecondFactorProofSchema,
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

/** POST /api/users/change-password (spec §5 "Password change"). */
export const ChangePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200, 'Current password is required'),
    newPassword: z
      .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
      .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
      .max(200, 'Password must be at most 200 characters'),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .max(200, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof v?.newPassword === 'string' &&
        typeof v.confirmPassword === 'string' &&
        v.confirmPassword !== ''
      );
    },
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;
