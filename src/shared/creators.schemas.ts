import { z } from 'zod';

/** A creator's bio on their public profile (issue 13): at most this many characters. */
export const BIO_MAX_LENGTH = 500;
/** At most this many links on a creator's profile. */
export const PROFILE_LINKS_MAX = 5;
const LINK_LABEL_MAX_LENGTH = 40;
const LINK_URL_MAX_LENGTH = 500;

const LINK_URL_MESSAGE = 'Links must be valid URLs starting with http:// or https://';
const BIO_TOO_LONG_MESSAGE = `Bio must be at most ${BIO_MAX_LENGTH} characters`;
const TOO_MANY_LINKS_MESSAGE = `You can add at most ${PROFILE_LINKS_MAX} links`;

/** Whether text is an absolute http(s) URL (PRODUCT.md: every URL a user gives is http or https). */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One link on a creator's profile: what it is called and where it goes. */
const ProfileLinkSchema = z.object({
  label: z
    .string({ error: 'Link label is required' })
    .trim()
    .min(1, 'Link label is required')
    .max(LINK_LABEL_MAX_LENGTH, `Link label must be at most ${LINK_LABEL_MAX_LENGTH} characters`),
  url: z
    .string({ error: LINK_URL_MESSAGE })
    .trim()
    .max(LINK_URL_MAX_LENGTH, `Link URL must be at most ${LINK_URL_MAX_LENGTH} characters`)
    .refine(isHttpUrl, LINK_URL_MESSAGE),
});

/** PUT /api/users/creator-profile: the signed-in user's bio (empty clears it) and links. */
export const UpdateCreatorProfileInputSchema = z.object({
  bio: z
    .string({ error: BIO_TOO_LONG_MESSAGE })
    .trim()
    .max(BIO_MAX_LENGTH, BIO_TOO_LONG_MESSAGE)
    .transform((bio) => (bio === '' ? null : bio)),
  links: z
    .array(ProfileLinkSchema, { error: TOO_MANY_LINKS_MESSAGE })
    .max(PROFILE_LINKS_MAX, TOO_MANY_LINKS_MESSAGE),
});
/** What the form holds (bio as typed); the server stores an empty bio as none. */
export type UpdateCreatorProfileInput = z.input<typeof UpdateCreatorProfileInputSchema>;
/** The same, as validated: an empty bio is null. */
export type CreatorProfileUpdate = z.output<typeof UpdateCreatorProfileInputSchema>;

/** Params of GET /api/creators/:username. */
export const CreatorParamsSchema = z.object({ username: z.string().trim().min(1).max(100) });

/** "No creator @name": an unknown username on a creator's page or the API. */
export function noCreatorMessage(username: string): string {
  return `No creator @${username}`;
}

/**
 * GET /api/creators/:username: a member's public profile with real figures from the database. Only
 * what anyone may see: never an e-mail, a name or an address.
 */
export const CreatorProfileSchema = z.object({
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  links: z.array(ProfileLinkSchema),
  /** When they joined (ISO timestamp). */
  joinedAt: z.string(),
  /** People following them (issue 31). */
  followerCount: z.number().int(),
  figures: z.object({
    /** Their chips in the gallery: every one made and activated (pending ones are not public yet). */
    chipsMinted: z.number().int(),
    /** Completed sales in which they were the seller (first sales and resales alike). */
    chipsSold: z.number().int(),
    /** What those sales were paid for the chips, in cents (shipping and fees not included). */
    salesVolumeCents: z.number().int(),
  }),
});
export type CreatorProfile = z.infer<typeof CreatorProfileSchema>;
