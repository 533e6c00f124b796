import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';
import {
  DEFAULT_CHANNEL,
  type NotificationChannel,
  type NotificationKind,
} from '#shared/notifications.schemas.ts';
import { users } from '#server/modules/users/users.table.ts';
import {
  chipWatches,
  creatorFollows,
  notificationEvents,
  notificationKeys,
  notificationPreferences,
  notifications,
  savedSearches,
  savedSearchHits,
  type NotificationEventType,
} from './notifications.table.ts';

export type NotificationEventRow = typeof notificationEvents.$inferSelect;
export type SavedSearchRow = typeof savedSearches.$inferSelect;

// ── Follows and watches ─────────────────────────────────────────────────────────────────────────

/** Answers whether a follow was added (false: it was there already). */
export async function insertFollow(db: Db, followerId: number, creatorId: number): Promise<boolean> {
  const rows = await db
    .insert(creatorFollows)
    .values({ followerId, creatorId })
    .onConflictDoNothing()
    .returning({ id: creatorFollows.followerId });
  return rows.length > 0;
}

export async function deleteFollow(db: Db, followerId: number, creatorId: number): Promise<boolean> {
  const rows = await db
    .delete(creatorFollows)
    .where(and(eq(creatorFollows.followerId, followerId), eq(creatorFollows.creatorId, creatorId)))
    .returning({ id: creatorFollows.followerId });
  return rows.length > 0;
}

export async function insertWatch(db: Db, userId: number, chipId: number): Promise<boolean> {
  const rows = await db
    .insert(chipWatches)
    .values({ userId, chipId })
    .onConflictDoNothing()
    .returning({ id: chipWatches.userId });
  return rows.length > 0;
}

export async function deleteWatch(db: Db, userId: number, chipId: number): Promise<boolean> {
  const rows = await db
    .delete(chipWatches)
    .where(and(eq(chipWatches.userId, userId), eq(chipWatches.chipId, chipId)))
    .returning({ id: chipWatches.userId });
  return rows.length > 0;
}

export function listFollows(db: Db, userId: number) {
  return db
    .select({ creatorId: creatorFollows.creatorId, createdAt: creatorFollows.createdAt })
    .from(creatorFollows)
    .where(eq(creatorFollows.followerId, userId))
    .orderBy(desc(creatorFollows.createdAt))
    .limit(500);
}

export function listWatches(db: Db, userId: number) {
  return db
    .select({ chipId: chipWatches.chipId, createdAt: chipWatches.createdAt })
    .from(chipWatches)
    .where(eq(chipWatches.userId, userId))
    .orderBy(desc(chipWatches.createdAt))
    .limit(500);
}

// ── Saved searches ──────────────────────────────────────────────────────────────────────────────

export function listSavedSearchesOf(db: Db, userId: number): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
}

export async function countSavedSearchesOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(
  db: Db,
  row: { userId: number; name: string; query: string; filters: Record<string, string> },
): Promise<SavedSearchRow> {
  const [saved] = await db.insert(savedSearches).values(row).returning();
  return saved!;
}

export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Every saved search's id, owner and filters (the fan-out matches a newly listed chip against them). */
export function listAllSavedSearches(db: Db) {
  return db
    .select({ id: savedSearches.id, userId: savedSearches.userId, filters: savedSearches.filters })
    .from(savedSearches)
    .orderBy(asc(savedSearches.id));
}

/** Records that these searches matched this chip; answers the ones that had not before. */
export async function insertSearchHits(db: Db, chipId: number, searchIds: number[]): Promise<number[]> {
  if (searchIds.length === 0) return [];
  const rows = await db
    .insert(savedSearchHits)
    .values(searchIds.map((searchId) => ({ searchId, chipId })))
    .onConflictDoNothing()
    .returning({ searchId: savedSearchHits.searchId });
  return rows.map((r) => r.searchId);
}

// ── Events (the outbox the fan-out reads) ───────────────────────────────────────────────────────

export async function insertNotificationEvent(
  db: Db,
  event: {
    type: NotificationEventType;
    chipId: number;
    actorId: number | null;
    data: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(notificationEvents).values(event);
}

/** The oldest unprocessed event nobody else is fanning out, locked until the caller's transaction ends. */
export async function claimPendingEvent(db: Db): Promise<NotificationEventRow | null> {
  const [row] = await db
    .select()
    .from(notificationEvents)
    .where(isNull(notificationEvents.processedAt))
    .orderBy(asc(notificationEvents.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function markEventProcessed(db: Db, id: number): Promise<void> {
  await db
    .update(notificationEvents)
    .set({ processedAt: sql`now()`, attempts: sql`${notificationEvents.attempts} + 1` })
    .where(eq(notificationEvents.id, id));
}

/** Who a fan-out reaches: a creator's followers, a chip's watchers, or the owners of some saved searches. */
export type Audience = { followersOf: number } | { watchersOf: number } | { searchOwners: number[] };

function audienceSql(audience: Audience) {
  if ('followersOf' in audience) {
    return sql`select ${creatorFollows.followerId} as uid from ${creatorFollows} where ${creatorFollows.creatorId} = ${audience.followersOf}`;
  }
  if ('watchersOf' in audience) {
    return sql`select ${chipWatches.userId} as uid from ${chipWatches} where ${chipWatches.chipId} = ${audience.watchersOf}`;
  }
  return sql`select distinct ${savedSearches.userId} as uid from ${savedSearches} where ${savedSearches.id} = any(${sql.param(audience.searchOwners)}::integer[])`;
}

/**
 * One statement: a notification for everyone in the audience but the excluded, on the channel each
 * chose for the kind (none for 'off'); a recipient who already has one under this key keeps it.
 * Answers how many were made.
 */
export async function fanOut(
  db: Db,
  args: {
    audience: Audience;
    exclude: number[];
    kind: NotificationKind;
    dedupeKey: string;
    chipId: number;
    title: string;
    body: string;
    url: string;
  },
): Promise<number> {
  const channel = sql`coalesce(p.channel, ${DEFAULT_CHANNEL[args.kind]})`;
  const result = await db.execute(sql`
    insert into ${notifications}
      (recipient_id, kind, dedupe_key, chip_id, title, body, url, delivery, mail_state)
    select a.uid, ${args.kind}, ${args.dedupeKey}, ${args.chipId}, ${args.title}, ${args.body}, ${args.url},
      ${channel}, case when ${channel} = 'in_app' then 'none' else 'pending' end
    from (${audienceSql(args.audience)}) a
    left join ${notificationPreferences} p on p.user_id = a.uid and p.kind = ${args.kind}
    where a.uid <> all(${sql.param(args.exclude)}::integer[]) and ${channel} <> 'off'
    on conflict (recipient_id, dedupe_key) do nothing`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

// ── The notification centre ─────────────────────────────────────────────────────────────────────

export function listNotificationsOf(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, userId),
        beforeId === null ? undefined : lt(notifications.id, beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks some (or all) of one recipient's notifications read; others' ids are ignored. Answers how many changed. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

// ── Preferences and keys ────────────────────────────────────────────────────────────────────────

export function listPreferences(db: Db, userId: number) {
  return db
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: Db,
  userId: number,
  changes: { kind: NotificationKind; channel: NotificationChannel }[],
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(changes.map((c) => ({ userId, ...c })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { channel: sql`excluded.channel`, updatedAt: sql`now()` },
    });
}

/** Each user's unsubscribe key, made for those who have none yet. */
export async function ensureKeys(
  db: Db,
  userIds: number[],
  newSecret: () => string,
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  await db
    .insert(notificationKeys)
    .values(userIds.map((userId) => ({ userId, secret: newSecret() })))
    .onConflictDoNothing();
  const rows = await db
    .select({ userId: notificationKeys.userId, secret: notificationKeys.secret })
    .from(notificationKeys)
    .where(inArray(notificationKeys.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.secret]));
}

export async function findKey(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ secret: notificationKeys.secret })
    .from(notificationKeys)
    .where(eq(notificationKeys.userId, userId));
  return row?.secret ?? null;
}

// ── Mail ────────────────────────────────────────────────────────────────────────────────────────

export type MailableNotification = {
  id: number;
  recipientId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  email: string;
  firstName: string | null;
  username: string;
  usernameIsPrivate: boolean;
};

/** Instant notifications whose e-mail is due, locked for the caller's transaction (others skip them). */
export async function claimInstantMail(db: Db, limit: number): Promise<MailableNotification[]> {
  return rowsOf<MailableNotification>(
    await db.execute(sql`
      select n.id, n.recipient_id as "recipientId", n.kind, n.title, n.body, n.url,
        u.email, u.first_name as "firstName", u.username, u.username_is_private as "usernameIsPrivate"
      from ${notifications} n join ${users} u on u.id = n.recipient_id
      where n.mail_state = 'pending' and n.delivery = 'instant'
      order by n.id
      limit ${limit}
      for update of n skip locked`),
  );
}

export async function markMailed(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update ${notifications} set mail_state = 'sent' where id = any(${sql.param(ids)}::integer[])`,
  );
}

/** Recipients with digest items waiting whose last digest went out before `since` (or never). */
export async function listDigestRecipients(db: Db, since: Date, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct n.recipient_id as id
      from ${notifications} n left join ${notificationKeys} k on k.user_id = n.recipient_id
      where n.mail_state = 'pending' and n.delivery = 'digest'
        and (k.last_digest_at is null or k.last_digest_at < ${since.toISOString()}::timestamptz)
      limit ${limit}`),
  );
  return rows.map((r) => r.id);
}

/** One recipient's pending digest items, locked; null when another process is sending their digest. */
export async function claimDigest(db: Db, userId: number): Promise<MailableNotification[]> {
  return rowsOf<MailableNotification>(
    await db.execute(sql`
      select n.id, n.recipient_id as "recipientId", n.kind, n.title, n.body, n.url,
        u.email, u.first_name as "firstName", u.username, u.username_is_private as "usernameIsPrivate"
      from ${notifications} n join ${users} u on u.id = n.recipient_id
      where n.recipient_id = ${userId} and n.mail_state = 'pending' and n.delivery = 'digest'
      order by n.id
      limit 200
      for update of n skip locked`),
  );
}

export async function setLastDigestAt(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(notificationKeys).set({ lastDigestAt: at }).where(eq(notificationKeys.userId, userId));
}
