/**
 * Follows, watches and the notification fan-out across modules (issue 31, decision 079). A follow or
 * watch and its public count (kept on the creator's user row and on the chip, so every card and
 * gallery reads it with no query of its own) change in one transaction; the count's table tells the
 * public cache (its change trigger), so cached public answers show the new count.
 */
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import type { FollowedCreator, FollowState, WatchedChip, WatchState } from '#shared/notifications.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import {
  addToChipWatchCount,
  chipMatchesSavedSearch,
  countCreatorPublicChips,
  describeChipForNotice,
  findChipRow,
  isChipPublic,
  listWatchedChipSummaries,
} from '#server/modules/chips/index.ts';
import {
  fanOutPendingEvents,
  follow,
  listFollows,
  listWatches,
  mailInstantNotifications,
  type NotificationEventRow,
  savedSearchGroups,
  sendDigests,
  unfollow,
  unwatch,
  watch,
} from '#server/modules/notifications/index.ts';
import {
  addToCreatorFollowerCount,
  findAccountByUsername,
  findAccountsByIds,
} from '#server/modules/users/index.ts';

const CREATOR_NOT_FOUND_MESSAGE = 'User not found';
const FOLLOW_SELF_MESSAGE = 'You cannot follow yourself.';

/**
 * The creator behind a username, as their gallery finds them: a name made from an e-mail and not
 * picked yet (decision 060) only once it made public chips.
 */
async function findCreator(db: Db, username: string) {
  const creator = await findAccountByUsername(db, username);
  if (!creator || (creator.usernameIsPrivate && (await countCreatorPublicChips(db, creator.id)) === 0)) {
    throw new AppError('NOT_FOUND', CREATOR_NOT_FOUND_MESSAGE);
  }
  return creator;
}

/** PUT /api/creators/:username/follow (idempotent). */
export async function followCreator(
  ctx: ServiceContext,
  user: AuthUser,
  username: string,
): Promise<FollowState> {
  return ctx.db.transaction(async (tx) => {
    const creator = await findCreator(tx, username);
    if (creator.id === user.id) throw new AppError('CONFLICT', FOLLOW_SELF_MESSAGE);
    const added = await follow(tx, user.id, creator.id);
    const count = added ? await addToCreatorFollowerCount(tx, creator.id, 1) : creator.followerCount;
    return { following: true, followerCount: count ?? 0 };
  });
}

/** DELETE /api/creators/:username/follow (idempotent). */
export async function unfollowCreator(
  ctx: ServiceContext,
  user: AuthUser,
  username: string,
): Promise<FollowState> {
  return ctx.db.transaction(async (tx) => {
    const creator = await findCreator(tx, username);
    const removed = await unfollow(tx, user.id, creator.id);
    const count = removed ? await addToCreatorFollowerCount(tx, creator.id, -1) : creator.followerCount;
    return { following: false, followerCount: count ?? 0 };
  });
}

/** A chip anyone may watch: any public one, listed, sold or unlisted. */
async function findWatchableChip(db: Db, chipId: number) {
  const chip = await findChipRow(db, chipId);
  if (!chip || !isChipPublic(chip)) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  return chip;
}

/** PUT /api/artchip/:id/watch (idempotent). */
export async function watchChip(ctx: ServiceContext, user: AuthUser, chipId: number): Promise<WatchState> {
  return ctx.db.transaction(async (tx) => {
    const chip = await findWatchableChip(tx, chipId);
    const added = await watch(tx, user.id, chip.id);
    const count = added ? await addToChipWatchCount(tx, chip.id, 1) : chip.watchCount;
    return { watching: true, watchCount: count ?? 0 };
  });
}

/** DELETE /api/artchip/:id/watch (idempotent); a chip taken down since can still be unwatched. */
export async function unwatchChip(ctx: ServiceContext, user: AuthUser, chipId: number): Promise<WatchState> {
  return ctx.db.transaction(async (tx) => {
    const chip = await findChipRow(tx, chipId);
    if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    const removed = await unwatch(tx, user.id, chip.id);
    const count = removed ? await addToChipWatchCount(tx, chip.id, -1) : chip.watchCount;
    return { watching: false, watchCount: count ?? 0 };
  });
}

/** GET /api/follows: the creators one follows, newest first. */
export async function listFollowedCreators(ctx: ServiceContext, user: AuthUser): Promise<FollowedCreator[]> {
  const follows = await listFollows(ctx.db, user.id);
  const accounts = await findAccountsByIds(
    ctx.db,
    follows.map((f) => f.creatorId),
  );
  return follows.flatMap((f) => {
    const a = accounts.get(f.creatorId);
    if (!a) return [];
    return [
      {
        username: a.username,
        profileImageUrl: a.profileImageUrl,
        followerCount: a.followerCount,
        followedAt: f.createdAt.toISOString(),
      },
    ];
  });
}

/** GET /api/watches: the chips one watches, newest first (one query answers every heart on a page). */
export async function listWatchedChips(ctx: ServiceContext, user: AuthUser): Promise<WatchedChip[]> {
  const watches = await listWatches(ctx.db, user.id);
  const when = new Map(watches.map((w) => [w.chipId, w.createdAt.toISOString()]));
  const chips = await listWatchedChipSummaries(
    ctx.db,
    watches.map((w) => w.chipId),
  );
  return chips.map((c) => ({ ...c, watchedAt: when.get(c.chipId)! }));
}

/** What an event's notifications say of its chip, and the saved searches a listing newly matches. */
async function describeEvent(tx: Db, event: NotificationEventRow) {
  const chip = await describeChipForNotice(tx, event.chipId);
  if (!chip) return null;
  const matchingSearchIds: number[] = [];
  if (event.type === 'chip_listed') {
    for (const group of await savedSearchGroups(tx)) {
      if (await chipMatchesSavedSearch(tx, event.chipId, group.filters)) matchingSearchIds.push(...group.ids);
    }
  }
  return { chip, matchingSearchIds };
}

/**
 * The notifications job (background.ts): fans out every pending event, then puts the instant e-mails
 * they call for in the outbox. Safe to run in several processes at once and to repeat.
 */
export async function runNotifications(ctx: ServiceContext): Promise<{ events: number; mailed: number }> {
  const { events } = await fanOutPendingEvents(ctx, describeEvent);
  const mailed = await mailInstantNotifications(ctx);
  return { events, mailed };
}

/** The daily digest job: one e-mail per recipient with digest items waiting. */
export function runNotificationDigests(ctx: ServiceContext): Promise<number> {
  return sendDigests(ctx);
}
