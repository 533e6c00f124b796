import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '#shared/notifications.schemas.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';

/**
 * Follows, watches, saved searches and the notifications they cause (issue 31, decision 079). One
 * module owns them all: the fan-out is one INSERT … SELECT from the follows or watches into the
 * notifications, which only works inside one owner.
 */

/** A user following a creator. */
export const creatorFollows = pgTable(
  'creator_follows',
  {
    followerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    // The fan-out reads a creator's followers.
    index('creator_follows_creator_idx').on(t.creatorId, t.followerId),
    check('creator_follows_not_self_ck', sql`${t.followerId} <> ${t.creatorId}`),
  ],
);

/** A user watching a chip. */
export const chipWatches = pgTable(
  'chip_watches',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chipId] }),
    index('chip_watches_chip_idx').on(t.chipId, t.userId),
  ],
);

/** A marketplace search saved with a name; `filters` is its parsed query (SavedSearchFilters). */
export const savedSearches = pgTable(
  'saved_searches',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: text().notNull(),
    filters: jsonb().$type<Record<string, string>>().notNull(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.id)],
);

/** A chip that matched a saved search once: it never alerts that search again. */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    searchId: integer()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.chipId] })],
);

export const NOTIFICATION_EVENT_TYPES = ['chip_listed', 'chip_priced', 'chip_sold', 'chip_offer'] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/**
 * Something that may notify people, written in the transaction of the change (an outbox): a job fans
 * it out after commit and stamps processed_at, so nothing is lost when a process dies in between.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    ...baseColumns,
    type: text().$type<NotificationEventType>().notNull(),
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    /** Who caused it: never notified about it. */
    actorId: integer(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    processedAt: tstz(),
    attempts: integer().notNull().default(0),
  },
  (t) => [
    checkOneOf('notification_events_type_ck', t.type, NOTIFICATION_EVENT_TYPES),
    index('notification_events_pending_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
  ],
);

export const NOTIFICATION_DELIVERIES = ['in_app', 'instant', 'digest'] as const;
export const NOTIFICATION_MAIL_STATES = ['none', 'pending', 'sent'] as const;

/** One notification of one recipient; (recipient, dedupe key) is unique: an event reaches each once. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    createdAt: tstz().notNull().defaultNow(),
    recipientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<(typeof NOTIFICATION_KINDS)[number]>().notNull(),
    dedupeKey: text().notNull(),
    chipId: integer().references(() => chips.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    url: text().notNull(),
    /** The channel chosen when it was made: in_app, instant or digest. */
    delivery: text().$type<(typeof NOTIFICATION_DELIVERIES)[number]>().notNull(),
    /** Its e-mail: none (in_app), pending (instant or digest, not sent yet), sent. */
    mailState: text().$type<(typeof NOTIFICATION_MAIL_STATES)[number]>().notNull(),
    readAt: tstz(),
  },
  (t) => [
    uniqueIndex('notifications_recipient_dedupe_uq').on(t.recipientId, t.dedupeKey),
    // The bell and the page: newest first, keyset by id.
    index('notifications_recipient_idx').on(t.recipientId, t.id),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    index('notifications_mail_idx')
      .on(t.delivery, t.id)
      .where(sql`${t.mailState} = 'pending'`),
    checkOneOf('notifications_kind_ck', t.kind, NOTIFICATION_KINDS),
    checkOneOf('notifications_delivery_ck', t.delivery, NOTIFICATION_DELIVERIES),
    checkOneOf('notifications_mail_state_ck', t.mailState, NOTIFICATION_MAIL_STATES),
  ],
);

/** A kind's channel when its user chose another than the default (DEFAULT_CHANNEL). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<(typeof NOTIFICATION_KINDS)[number]>().notNull(),
    channel: text().$type<(typeof NOTIFICATION_CHANNELS)[number]>().notNull(),
    updatedAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    checkOneOf('notification_preferences_kind_ck', t.kind, NOTIFICATION_KINDS),
    checkOneOf('notification_preferences_channel_ck', t.channel, NOTIFICATION_CHANNELS),
  ],
);

/**
 * Per user: the key their unsubscribe links are signed with (a new key voids every link sent), and
 * when their last digest went out.
 */
export const notificationKeys = pgTable('notification_keys', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  lastDigestAt: tstz(),
});
