/**
 * The e-mail list (spec §3 "Email subscription", §5, §8): double opt-in sign-up, confirmation and
 * one-click unsubscribe. Messages are the spec's.
 */
import { z } from 'zod';
import { MAX_ID } from './input.ts';

/** Shown under the field (and as the 400 message) when the e-mail is left empty. */
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address.';
/** Shown when the e-mail is not a valid address. */
const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

/** The three states of a list address. */
export const SUBSCRIPTION_STATUSES = ['not_confirmed', 'confirmed', 'unsubscribed'] as const;

/** A list address's state. */
const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES, { error: 'Invalid status' });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** An e-mail address on the list: required, trimmed, lower-cased. */
const ListEmailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .toLowerCase()
  .pipe(z.email(EMAIL_INVALID_MESSAGE).max(254, EMAIL_INVALID_MESSAGE));

/** POST /api/email-signup body. */
export const EmailSignupInputSchema = z.object({ email: ListEmailSchema });
export type EmailSignupInput = z.infer<typeof EmailSignupInputSchema>;

/**
 * POST /api/email-signup answer. The same whatever the address's state, so the endpoint does not
 * reveal who is on the list.
 */
export const EmailSignupResponseSchema = z.object({ message: z.string() });
export type EmailSignupResponse = z.infer<typeof EmailSignupResponseSchema>;

/** A one-time token from a list e-mail link. */
const ListTokenSchema = z
  .string({ error: 'This link is invalid.' })
  .trim()
  .min(1, 'This link is invalid.')
  .max(200, 'This link is invalid.');

/** POST /api/email-signup/confirm body. */
export const ConfirmSubscriptionInputSchema = z.object({ token: ListTokenSchema });
export type ConfirmSubscriptionInput = z.infer<typeof ConfirmSubscriptionInputSchema>;

/** POST /api/email-signup/unsubscribe query: the one-click (RFC 8058) form carries the token here. */
export const UnsubscribeQuerySchema = z.object({ token: ListTokenSchema.optional() });

/**
 * POST /api/email-signup/unsubscribe body: JSON `{ token }` from the page, or the RFC 8058 form body
 * `List-Unsubscribe=One-Click` (whose token is in the query), or none at all (multipart bodies arrive as null).
 */
export const UnsubscribeBodySchema = z.looseObject({ token: ListTokenSchema.optional() }).nullish();

/** GET /api/email-signup/unsubscribe query (a browser opening the List-Unsubscribe URL). */
export const UnsubscribeLinkQuerySchema = z.object({ token: z.string().max(200).optional() });

/** Answer of confirm and unsubscribe. */
export const SubscriptionChangeResponseSchema = z.object({
  status: SubscriptionStatusSchema,
  message: z.string(),
});
export type SubscriptionChangeResponse = z.infer<typeof SubscriptionChangeResponseSchema>;

/** Spec §3 email subscription, as the admin's email list shows it. */
export const EmailSubscriptionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: SubscriptionStatusSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type EmailSubscription = z.infer<typeof EmailSubscriptionSchema>;

/** Admin subscription edit form (spec §2, §5): email required, status select. */
export const UpdateEmailSubscriptionInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .toLowerCase()
    .pipe(z.email(EMAIL_INVALID_MESSAGE).max(254, EMAIL_INVALID_MESSAGE)),
  status: SubscriptionStatusSchema,
});
export type UpdateEmailSubscriptionInput = z.infer<typeof UpdateEmailSubscriptionInputSchema>;

/** Admin list filters: a text search and a status, newest first, keyset-paged by id. */
export const ListEmailSubscriptionsQuerySchema = z.object({
  search: z.string().trim().max(254).optional(),
  status: SubscriptionStatusSchema.optional(),
  /** Return rows with an id below this one (the previous page's nextCursor). */
  cursor: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListEmailSubscriptionsQuery = z.infer<typeof ListEmailSubscriptionsQuerySchema>;

/** A page of list addresses. */
export const EmailSubscriptionPageSchema = z.object({
  items: z.array(EmailSubscriptionSchema),
  nextCursor: z.number().int().nullable(),
});
export type EmailSubscriptionPage = z.infer<typeof EmailSubscriptionPageSchema>;
