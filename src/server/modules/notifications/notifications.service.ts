/**
 * Follows, watches, saved searches and the notification centre (issue 31, decision 079).
 *
 * A change that may notify people (a chip listed, repriced lower, sold, offered on) writes a
 * notification event in its own transaction (recordNotificationEvent); a job fans each event out after
 * commit, one INSERT … SELECT per audience (a creator's followers, a chip's watchers, the owners of
 * the saved searches it newly matches), each recipient once per event (a unique dedupe key), on the
 * channel they chose for its kind. Instant e-mails and the daily digest are later jobs of their own.
 */
import crypto from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { createSecretToken, safeEqual } from '#server/lib/tokens.ts';
import { formatUsd } from '#shared/money.ts';
import {
  DEFAULT_CHANNEL,
  NOTIFICATION_KINDS,
  type CreateSavedSearch,
  type MarkNotificationsRead,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
  type SavedSearch,
  type SavedSearchFilters,
  type UpdateNotificationPreferences,
  parseSavedSearchQuery,
  savedSearchQueryString,
} from '#shared/notifications.schemas.ts';
import {
  claimPendingEvent,
  countSavedSearchesOf,
  countUnread,
  deleteFollow,
  deleteSavedSearch,
  deleteWatch,
  fanOut,
  findKey,
  insertFollow,
  insertNotificationEvent,
  insertSavedSearch,
  insertSearchHits,
  insertWatch,
  listAllSavedSearches,
  listNotificationsOf,
  listPreferences,
  listSavedSearchesOf,
  markEventProcessed,
  markRead,
  upsertPreferences,
  type NotificationEventRow,
  type SavedSearchRow,
} from './notifications.repo.ts';
import type { NotificationEventType } from './notifications.table.ts';

export { listFollows, listWatches } from './notifications.repo.ts';

/** Most saved searches one account keeps. */
const MAX_SAVED_SEARCHES = 50;
const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches.`;
const SAVED_SEARCH_NOT_FOUND_MESSAGE = 'Saved search not found';

// ── Follows and watches (the counts are kept by their owners: see flows/follows) ────────────────

export const follow = (tx: Db, followerId: number, creatorId: number) =>
  insertFollow(tx, followerId, creatorId);
export const unfollow = (tx: Db, followerId: number, creatorId: number) =>
  deleteFollow(tx, followerId, creatorId);
export const watch = (tx: Db, userId: number, chipId: number) => insertWatch(tx, userId, chipId);
export const unwatch = (tx: Db, userId: number, chipId: number) => deleteWatch(tx, userId, chipId);

// ── Events ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Inside the transaction of the change: an event the fan-out job will read after commit.
 * chip_listed: data.first (its first listing: followers hear of it), data.priceCents.
 * chip_priced: data.priceCents, data.previousPriceCents (recorded only for a drop).
 * chip_sold: data.priceCents, data.sellerId. chip_offer: data.ownerId.
 */
export async function recordNotificationEvent(
  tx: Db,
  event: {
    type: NotificationEventType;
    chipId: number;
    actorId: number | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await insertNotificationEvent(tx, { ...event, data: event.data ?? {} });
}

/** What the fan-out needs to know of an event's chip, read by its caller (flows/notify) from the chips. */
type EventChip = {
  title: string;
  /** The chip page's path. */
  url: string;
  creatorId: number;
  creatorUsername: string;
  ownerId: number;
};

export type EventFacts = {
  chip: EventChip;
  /** For chip_listed: the saved searches the chip matches now (their owners hear of it once). */
  matchingSearchIds: number[];
};

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const priceWords = (cents: number | null) => (cents === null ? '' : ` for ${formatUsd(cents)}`);

/** The notifications of one event, one statement per audience; answers how many were made. */
async function fanOutEvent(tx: Db, event: NotificationEventRow, facts: EventFacts): Promise<number> {
  const { chip } = facts;
  const dedupeKey = `event:${event.id}`;
  const base = { dedupeKey, chipId: event.chipId, url: chip.url };
  const actor = event.actorId === null ? [] : [event.actorId];
  const price = num(event.data.priceCents);
  let made = 0;
  const send = async (
    audience: Parameters<typeof fanOut>[1]['audience'],
    kind: NotificationKind,
    title: string,
    body: string,
    exclude: number[],
  ) => {
    made += await fanOut(tx, { ...base, audience, kind, title, body, exclude });
  };
  switch (event.type) {
    case 'chip_listed': {
      const first = event.data.first === true;
      // The watchers first: a watcher who also follows the creator reads the more specific one.
      await send(
        { watchersOf: event.chipId },
        'watch_listed',
        first ? `"${chip.title}" is listed` : `"${chip.title}" is for sale again`,
        `A chip you watch is for sale${priceWords(price)}.`,
        [...actor, chip.ownerId],
      );
      if (first) {
        await send(
          { followersOf: chip.creatorId },
          'creator_listing',
          `${chip.creatorUsername} listed a new chip`,
          `"${chip.title}"${priceWords(price)}.`,
          [...actor, chip.creatorId],
        );
      }
      const newHits = await insertSearchHits(tx, event.chipId, facts.matchingSearchIds);
      if (newHits.length > 0) {
        await send(
          { searchOwners: newHits },
          'saved_search',
          `New match for a saved search: "${chip.title}"`,
          `A chip matching your saved search is for sale${priceWords(price)}.`,
          [...actor, chip.ownerId],
        );
      }
      break;
    }
    case 'chip_priced': {
      const previous = num(event.data.previousPriceCents);
      await send(
        { watchersOf: event.chipId },
        'watch_price_drop',
        `Price drop: "${chip.title}"`,
        `Now ${price === null ? '' : formatUsd(price)}${previous === null ? '' : ` (was ${formatUsd(previous)})`}.`,
        [...actor, chip.ownerId],
      );
      break;
    }
    case 'chip_offer':
      await send(
        { watchersOf: event.chipId },
        'watch_offer',
        `New offer on "${chip.title}"`,
        'Someone made an offer on a chip you watch.',
        [...actor, chip.ownerId, num(event.data.ownerId) ?? chip.ownerId],
      );
      break;
    case 'chip_sold':
      await send(
        { watchersOf: event.chipId },
        'watch_sold',
        `"${chip.title}" sold`,
        `A chip you watch sold${priceWords(price)}.`,
        [...actor, num(event.data.sellerId) ?? chip.ownerId],
      );
      break;
  }
  return made;
}

/**
 * The fan-out job: each pending event in a transaction of its own (claimed with SKIP LOCKED, so
 * several processes share the work), until none is left or `budget` events were done. `describe`
 * reads the event's chip and the saved searches it matches (null: the chip is gone; nothing to say).
 */
export async function fanOutPendingEvents(
  ctx: ServiceContext,
  describe: (tx: Db, event: NotificationEventRow) => Promise<EventFacts | null>,
  budget = 200,
): Promise<{ events: number; notifications: number }> {
  let events = 0;
  let made = 0;
  while (events < budget) {
    const done = await ctx.db.transaction(async (tx) => {
      const event = await claimPendingEvent(tx);
      if (!event) return null;
      const facts = await describe(tx, event);
      const count = facts ? await fanOutEvent(tx, event, facts) : 0;
      await markEventProcessed(tx, event.id);
      return count;
    });
    if (done === null) break;
    events++;
    made += done;
  }
  return { events, notifications: made };
}

/** The saved searches, grouped by their filters (the fan-out asks the chips once per distinct search). */
export async function savedSearchGroups(db: Db): Promise<{ filters: SavedSearchFilters; ids: number[] }[]> {
  const groups = new Map<string, { filters: SavedSearchFilters; ids: number[] }>();
  for (const row of await listAllSavedSearches(db)) {
    const filters = row.filters as SavedSearchFilters;
    const key = savedSearchQueryString(filters);
    const group = groups.get(key) ?? { filters, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

// ── The notification centre ─────────────────────────────────────────────────────────────────────

export async function listNotifications(
  ctx: ServiceContext,
  userId: number,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const before = query.cursor ? Number(query.cursor) : null;
  const [rows, unreadCount] = await Promise.all([
    listNotificationsOf(ctx.db, userId, before, query.limit + 1),
    countUnread(ctx.db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      url: r.url,
      chipId: r.chipId,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    unreadCount,
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

export async function markNotificationsRead(
  ctx: ServiceContext,
  userId: number,
  input: MarkNotificationsRead,
): Promise<{ updated: number; unreadCount: number }> {
  const updated = await markRead(ctx.db, userId, 'all' in input ? 'all' : input.ids);
  return { updated, unreadCount: await countUnread(ctx.db, userId) };
}

export async function getNotificationPreferences(
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
): Promise<NotificationPreferences> {
  const chosen = new Map((await listPreferences(ctx.db, userId)).map((p) => [p.kind, p.channel]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_CHANNEL[kind]]),
  ) as NotificationPreferences;
}

export async function updateNotificationPreferences(
  ctx: ServiceContext,
  userId: number,
  input: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const changes = NOTIFICATION_KINDS.flatMap((kind) => {
    const channel = input[kind];
    return channel === undefined ? [] : [{ kind, channel }];
  });
  await upsertPreferences(ctx.db, userId, changes);
  return getNotificationPreferences(ctx, userId);
}

// ── One-click unsubscribe (RFC 8058) ────────────────────────────────────────────────────────────

const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is not valid.';

function signature(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A token that turns one kind off for one user: "<userId>.<kind>.<HMAC with the user's key>". */
export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${signature(secret, payload)}`;
}

export const newNotificationKey = createSecretToken;

/** POST /api/notifications/unsubscribe?token=…: the token's kind is off for its user, no session needed. */
export async function unsubscribeByToken(
  ctx: ServiceContext,
  token: string,
): Promise<{ kind: NotificationKind; channel: 'off' }> {
  const [id, kind, sig] = token.split('.');
  const userId = Number(id);
  const knownKind = NOTIFICATION_KINDS.find((k) => k === kind);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !knownKind || !sig) {
    throw new AppError('VALIDATION_FAILED', UNSUBSCRIBE_INVALID_MESSAGE);
  }
  const secret = await findKey(ctx.db, userId);
  if (!secret || !safeEqual(sig, signature(secret, `${userId}.${knownKind}`))) {
    throw new AppError('VALIDATION_FAILED', UNSUBSCRIBE_INVALID_MESSAGE);
  }
  await upsertPreferences(ctx.db, userId, [{ kind: knownKind, channel: 'off' }]);
  return { kind: knownKind, channel: 'off' };
}

// ── Saved searches ──────────────────────────────────────────────────────────────────────────────

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return { id: row.id, name: row.name, query: row.query, createdAt: row.createdAt.toISOString() };
}

export async function listSavedSearches(ctx: ServiceContext, userId: number): Promise<SavedSearch[]> {
  return (await listSavedSearchesOf(ctx.db, userId)).map(toSavedSearch);
}

export async function createSavedSearch(
  ctx: ServiceContext,
  userId: number,
  input: CreateSavedSearch,
): Promise<SavedSearch> {
  const filters = parseSavedSearchQuery(input.query);
  if (!filters) {
    throw new AppError('VALIDATION_FAILED', 'Not a marketplace search', {
      fieldErrors: { query: ['Not a marketplace search'] },
    });
  }
  return ctx.db.transaction(async (tx) => {
    if ((await countSavedSearchesOf(tx, userId)) >= MAX_SAVED_SEARCHES) {
      throw new AppError('CONFLICT', SAVED_SEARCH_LIMIT_MESSAGE);
    }
    const kept = Object.fromEntries(
      Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const row = await insertSavedSearch(tx, {
      userId,
      name: input.name,
      query: savedSearchQueryString(filters),
      filters: kept,
    });
    return toSavedSearch(row);
  });
}

export async function removeSavedSearch(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  // Another account's search reads as missing.
  if (!(await deleteSavedSearch(ctx.db, userId, id))) {
    throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND_MESSAGE);
  }
}
