/**
 * The contact form (spec §2 Contact page, §5 "all four fields required", §8): stored, mailed to the
 * support address and shown to admins (PRODUCT.md).
 */
import { z } from 'zod';
import { MAX_ID } from './input.ts';

const CONTACT_NAME_MAX_LENGTH = 100;
const CONTACT_SUBJECT_MAX_LENGTH = 200;
const CONTACT_MESSAGE_MAX_LENGTH = 5000;

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** POST /api/contact body. */
export const ContactMessageInputSchema = z.object({
  name: required('Name is required', CONTACT_NAME_MAX_LENGTH, 'Name must be 100 characters or less'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')),
  subject: required(
    'Subject is required',
    CONTACT_SUBJECT_MAX_LENGTH,
    'Subject must be 200 characters or less',
  ),
  message: required(
    'Message is required',
    CONTACT_MESSAGE_MAX_LENGTH,
    'Message must be 5000 characters or less',
  ),
});
export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;

/** POST /api/contact answer. */
export const ContactMessageSentSchema = z.object({ id: z.number().int(), message: z.string() });
export type ContactMessageSent = z.infer<typeof ContactMessageSentSchema>;

/** The states of a received message in the admin's inbox. */
const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'archived'] as const;
const ContactMessageStatusSchema = z.enum(CONTACT_MESSAGE_STATUSES, { error: 'Invalid status' });
export type ContactMessageStatus = z.infer<typeof ContactMessageStatusSchema>;

/** A received message as admins see it. */
export const ContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: ContactMessageStatusSchema,
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** Admin inbox filters: a status, newest first, keyset-paged by id. */
export const ListContactMessagesQuerySchema = z.object({
  status: ContactMessageStatusSchema.optional(),
  /** Return rows with an id below this one (the previous page's nextCursor). */
  cursor: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListContactMessagesQuery = z.infer<typeof ListContactMessagesQuerySchema>;

/** A page of received messages. */
export const ContactMessagePageSchema = z.object({
  items: z.array(ContactMessageSchema),
  nextCursor: z.number().int().nullable(),
});
export type ContactMessagePage = z.infer<typeof ContactMessagePageSchema>;
