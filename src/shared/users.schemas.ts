import { z } from 'zod';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 6;

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

export const UsernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters')
  .max(USERNAME_MAX_LENGTH, 'Username must be less than 50 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only use letters, numbers, dots, dashes and underscores');
