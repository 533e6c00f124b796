/**
 * Follows, watches, saved searches and notifications (issue 31, decision 079): the wire shapes both
 * sides share.
 */
import { z } from 'zod';
import { MarketplaceQuerySchema } from './chips.schemas.ts';

/** What a notification is about; each kind has its own preference. */
export const NOTIFICATION_KINDS = [
  'creator_listing',
  'watch_listed',
  'watch_price_drop',
  'watch_offer',
  'watch_sold',
  'saved_search',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reaches its recipient: in the product only, also e-mailed at once, in the daily digest, or not at all. */
export const NOTIFICATION_CHANNELS = ['in_app', 'instant', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What each kind does when its recipient chose nothing. */
export const DEFAULT_CHANNEL: Record<NotificationKind, NotificationChannel> = {
  creator_listing: 'instant',
  watch_listed: 'instant',
  watch_price_drop: 'instant',
  watch_offer: 'in_app',
  watch_sold: 'instant',
  saved_search: 'instant',
};

/** The words the preferences page and the e-mails use for each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  creator_listing: 'A creator you follow lists a new chip',
  watch_listed: 'A chip you watch is listed or relisted',
  watch_price_drop: 'The price of a chip you watch drops',
  watch_offer: 'Someone makes an offer on a chip you watch',
  watch_sold: 'A chip you watch sells',
  saved_search: 'A saved search has a new match',
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In Artchip only',
  instant: 'E-mail at once',
  digest: 'Daily e-mail digest',
  off: 'Off',
};

const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The page it opens (its chip's page). */
  url: z.string(),
  chipId: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,12}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** POST /api/notifications/read: some of one's notifications, or all of them. */
export const MarkNotificationsReadSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

const channel = z.enum(NOTIFICATION_CHANNELS);
export const NotificationPreferencesSchema = z.object({
  creator_listing: channel,
  watch_listed: channel,
  watch_price_drop: channel,
  watch_offer: channel,
  watch_sold: channel,
  saved_search: channel,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** PUT /api/notification-preferences: the kinds to change. */
export const UpdateNotificationPreferencesSchema = NotificationPreferencesSchema.partial().strict();
export type UpdateNotificationPreferences = z.infer<typeof UpdateNotificationPreferencesSchema>;

/** What PUT/DELETE follow and watch answer: the state and the public count after it. */
export const FollowStateSchema = z.object({ following: z.boolean(), followerCount: z.number().int() });
export type FollowState = z.infer<typeof FollowStateSchema>;
export const WatchStateSchema = z.object({ watching: z.boolean(), watchCount: z.number().int() });
export type WatchState = z.infer<typeof WatchStateSchema>;

export const UsernameParamsSchema = z.object({ username: z.string().trim().min(1).max(50) });

/** The filters of a saved search: the marketplace's own, without its paging. */
const SavedSearchFiltersSchema = MarketplaceQuerySchema.omit({
  cursor: true,
  limit: true,
  sort: true,
});
export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

const SAVED_SEARCH_QUERY_MESSAGE = 'Not a marketplace search';

/**
 * A marketplace query string ("q=moon&shape=round&maxPrice=50", with or without its "?") as the
 * filters it means, or null when it is not one: an unknown parameter, a repeated one, or a value the
 * marketplace refuses.
 */
export function parseSavedSearchQuery(query: string): SavedSearchFilters | null {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const raw: Record<string, string> = {};
  const known = new Set([...Object.keys(SavedSearchFiltersSchema.shape), 'sort', 'cursor', 'limit']);
  for (const [name, value] of params) {
    if (!known.has(name) || Object.hasOwn(raw, name)) return null;
    raw[name] = value;
  }
  const parsed = MarketplaceQuerySchema.safeParse(raw);
  if (!parsed.success) return null;
  const { q, shape, minPrice, maxPrice, creator } = parsed.data;
  return { q: q || undefined, shape, minPrice, maxPrice, creator: creator || undefined };
}

/** The filters as the marketplace's query string, in a fixed order (the web links to it). */
export function savedSearchQueryString(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'shape', 'minPrice', 'maxPrice', 'creator'] as const) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  return params.toString();
}

export const CreateSavedSearchSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(80),
    query: z
      .string()
      .max(500)
      .refine((q) => parseSavedSearchQuery(q) !== null, SAVED_SEARCH_QUERY_MESSAGE),
  })
  .strict();
export type CreateSavedSearch = z.infer<typeof CreateSavedSearchSchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The marketplace query string, normalised. */
  query: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) });

/** GET /api/follows: the creators one follows. */
const FollowedCreatorSchema = z.object({
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  followerCount: z.number().int(),
  followedAt: z.string(),
});
export const FollowedCreatorListSchema = z.object({ items: z.array(FollowedCreatorSchema) });
export type FollowedCreator = z.infer<typeof FollowedCreatorSchema>;

/** GET /api/watches: the chips one watches (ids: one query answers every heart on a page). */
const WatchedChipSchema = z.object({
  chipId: z.number().int(),
  title: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  status: z.string(),
  priceCents: z.number().int().nullable(),
  watchCount: z.number().int(),
  watchedAt: z.string(),
});
export const WatchedChipListSchema = z.object({ items: z.array(WatchedChipSchema) });
export type WatchedChip = z.infer<typeof WatchedChipSchema>;

/** The one-click unsubscribe link of a notification e-mail (RFC 8058). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(10).max(300) });
