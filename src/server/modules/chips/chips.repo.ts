import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { type ChipShape, type MarketplaceSort } from '#shared/chips.schemas.ts';
import { rowsOf, type Db } from '#server/db/client.ts';
import { likePattern } from '#server/lib/sql.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chipEvents, chips } from './chips.table.ts';

export type ChipRow = typeof chips.$inferSelect;
export type NewChipRow = typeof chips.$inferInsert;
export type ChipEventRow = typeof chipEvents.$inferSelect;

/** A chip with the usernames its DTO shows, and its keyset position for pagination. */
export type ChipWithUsers = {
  chip: ChipRow;
  creatorUsername: string;
  ownerUsername: string | null;
  /** The avatars the chip page shows beside the creator's and the owner's names. */
  creatorProfileImageUrl: string | null;
  /** The creator's public follower count (issue 31), which the chip page's Follow shows. */
  creatorFollowerCount: number;
  ownerProfileImageUrl: string | null;
  /** The owner's username was made from their e-mail and not picked yet: "a collector" (decision 060). */
  ownerNameIsPrivate: boolean | null;
  /** The last sale's price and time (its 'sold' event), or null if never sold. */
  lastSaleCents: number | null;
  lastSoldAt: string | null;
  /** created_at as UTC ISO text with microseconds, which a JS Date would lose. */
  createdAtKey: string;
};

const creator = alias(users, 'creator');
const owner = alias(users, 'owner');

// The chip's last 'sold' event (chip_events_chip_id_idx): what it sold for and when.
const lastSoldEvent = sql`from chip_events e where e.chip_id = ${chips.id} and e.type = 'sold' order by e.created_at desc, e.id desc limit 1`;
const lastSaleCents = sql<number | null>`(select (e.data->>'priceCents')::int ${lastSoldEvent})`.mapWith(
  (v: unknown) => (v === null ? null : Number(v)),
);
const lastSoldAt = sql<
  string | null
>`(select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ${lastSoldEvent})`;

/** The people and the last sale every chip DTO shows (toChipDto). */
const chipPeopleColumns = {
  creatorUsername: creator.username,
  ownerUsername: owner.username,
  creatorProfileImageUrl: creator.profileImageUrl,
  creatorFollowerCount: creator.followerCount,
  ownerProfileImageUrl: owner.profileImageUrl,
  ownerNameIsPrivate: owner.usernameIsPrivate,
  lastSaleCents,
  lastSoldAt,
};

/** Exactly the predicate of the partial indexes chips_market_newest_idx / chips_market_price_idx. */
const LISTED = sql`${chips.status} = 'active'`;

/** Public chips: every made chip but those an admin took down (chip-lifecycle.ts isChipPublic). */
const PUBLIC_CHIP = sql`${chips.status} <> 'removed'`;

function selectChipsWithUsers(db: Db) {
  return db
    .select({
      chip: chips,
      ...chipPeopleColumns,
      createdAtKey: sql<string>`to_char(${chips.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .leftJoin(owner, eq(owner.id, chips.ownerId));
}

type PreparedChips = { execute: (values: Record<string, unknown>) => Promise<ChipWithUsers[]> };
const preparedByDb = new WeakMap<Db, Map<string, PreparedChips>>();

/**
 * A prepared statement per database and name, built once: the SQL text is not rebuilt on every
 * request, and PostgreSQL parses and plans it once per connection.
 */
function preparedQuery(db: Db, name: string, build: (name: string) => PreparedChips): PreparedChips {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = build(name)));
  return statement;
}

export async function findChipById(db: Db, id: number): Promise<ChipWithUsers | null> {
  const statement = preparedQuery(db, 'chip_by_id', (name) =>
    selectChipsWithUsers(db)
      .where(eq(chips.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

export async function findChipBySlug(db: Db, username: string, slug: string): Promise<ChipWithUsers | null> {
  const statement = preparedQuery(db, 'chip_by_slug', (name) =>
    selectChipsWithUsers(db)
      .where(
        and(
          sql`lower(${creator.username}) = lower(${sql.placeholder('username')})`,
          eq(chips.slug, sql.placeholder('slug')),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ username, slug: slug.toLowerCase() });
  return row ?? null;
}

export async function findChipByUnitId(db: Db, unitId: string): Promise<ChipWithUsers | null> {
  const [row] = await selectChipsWithUsers(db).where(eq(chips.unitId, unitId)).limit(1);
  return row ?? null;
}

/** NFC UIDs are stored as upper-case hex; lower-case rows written by hand are found too. */
export async function findChipByNfcUid(db: Db, nfcUid: string): Promise<ChipWithUsers | null> {
  const [row] = await selectChipsWithUsers(db)
    .where(inArray(chips.nfcUid, [nfcUid.toUpperCase(), nfcUid.toLowerCase()]))
    .limit(1);
  return row ?? null;
}

/**
 * Locks a chip row so that one checkout, sale, offer decision or owner change runs at a time. FOR NO
 * KEY UPDATE (a chip's id never changes): it excludes every other such lock but not the KEY SHARE
 * locks taken by inserting rows that reference the chip (orders, events), which would otherwise
 * deadlock.
 */
export async function lockChip(tx: Db, id: number): Promise<ChipRow | null> {
  const [row] = await tx.select().from(chips).where(eq(chips.id, id)).for('no key update').limit(1);
  return row ?? null;
}

export async function findChipRow(db: Db, id: number): Promise<ChipRow | null> {
  const [row] = await db.select().from(chips).where(eq(chips.id, id)).limit(1);
  return row ?? null;
}

export async function updateChip(tx: Db, id: number, values: Partial<NewChipRow>): Promise<ChipRow | null> {
  const [row] = await tx.update(chips).set(values).where(eq(chips.id, id)).returning();
  return row ?? null;
}

export async function insertChipRow(tx: Db, values: NewChipRow): Promise<ChipRow> {
  const [row] = await tx.insert(chips).values(values).returning();
  return row!;
}

/** Slugs of this creator equal to `base` or of the form `base-N`. */
export async function listSimilarSlugs(db: Db, creatorId: number, base: string): Promise<string[]> {
  const escaped = base.replace(/[\\%_]/g, '\\$&');
  const rows = await db
    .select({ slug: chips.slug })
    .from(chips)
    .where(
      and(
        eq(chips.creatorId, creatorId),
        sql`(${chips.slug} = ${base} or ${chips.slug} like ${`${escaped}-%`})`,
      ),
    );
  return rows.map((r) => r.slug);
}

/** Sets the unit ID only if the chip has none yet; returns whether this call set it. */
export async function setUnitIdIfMissing(tx: Db, chipId: number, unitId: string): Promise<boolean> {
  const rows = await tx
    .update(chips)
    .set({ unitId })
    .where(and(eq(chips.id, chipId), sql`${chips.unitId} is null`))
    .returning({ id: chips.id });
  return rows.length > 0;
}

export async function findUnitId(db: Db, chipId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ unitId: chips.unitId }).from(chips).where(eq(chips.id, chipId)).limit(1);
  return row ? row.unitId : undefined;
}

export type MarketplaceCursor =
  | { sort: 'newest'; createdAt: string; id: number }
  | { sort: 'price_asc' | 'price_desc'; priceCents: number; id: number };

export type MarketplaceFilters = {
  search?: string | undefined;
  shape?: ChipShape | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  creator?: string | undefined;
  sort: MarketplaceSort;
};

/**
 * How a marketplace page is read:
 * - `walk`: the keyset index in sort order, filtering as it goes (every page without a search);
 * - `{ walkRows }`: the same over at most that many chips after the cursor, which fills a
 *   common word's page at once and gives up quickly on a rare one;
 * - `ids`: only the given chips (a rare word's matches, found by searchHitIds), sorted.
 */
export type MarketplacePlan = 'walk' | { walkRows: number } | { ids: number[] };

/** How many chips a search walks in sort order before it asks the trigram indexes instead. */
export const SEARCH_WALK_ROWS = 1000;

/**
 * The most matches a search reads from the trigram indexes; a word with more is common enough that
 * walking the sort order finds a page quickly.
 */
export const SEARCH_HITS_MAX = 5000;

/** Puts a value into a query: inline, or as a named placeholder of a prepared statement. */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

/** The columns of `chips`, or of an alias of it, that the marketplace reads. */
type ChipsTable = Record<
  'createdAt' | 'id' | 'priceCents' | 'status' | 'shape' | 'creatorId' | 'title' | 'description',
  AnyPgColumn
>;

/** Spelled to match the market indexes exactly (chips_market_newest_idx is `desc nulls last`). */
function keysetOrder(t: ChipsTable, sort: MarketplaceSort): SQL[] {
  if (sort === 'newest') return [sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`];
  return sort === 'price_asc'
    ? [sql`${t.priceCents} asc`, sql`${t.id} asc`]
    : [sql`${t.priceCents} desc`, sql`${t.id} desc`];
}

function afterCursor(t: ChipsTable, cursor: MarketplaceCursor, bind: Bind): SQL {
  const id = bind('cursorId', cursor.id);
  if (cursor.sort === 'newest') {
    return sql`(${t.createdAt}, ${t.id}) < (${bind('cursorCreatedAt', cursor.createdAt)}::timestamptz, ${id}::integer)`;
  }
  const price = bind('cursorPriceCents', cursor.priceCents);
  return cursor.sort === 'price_asc'
    ? sql`(${t.priceCents}, ${t.id}) > (${price}::integer, ${id}::integer)`
    : sql`(${t.priceCents}, ${t.id}) < (${price}::integer, ${id}::integer)`;
}

/** Listed, priced chips that pass the filters other than the search. */
function filterConditions(t: ChipsTable, filters: MarketplaceFilters, bind: Bind, withCreator = true): SQL[] {
  const where: SQL[] = [sql`${t.status} = 'active'`, isNotNull(t.priceCents)];
  if (filters.shape) where.push(eq(t.shape, bind('shape', filters.shape)));
  if (filters.minPriceCents !== undefined)
    where.push(gte(t.priceCents, bind('minPriceCents', filters.minPriceCents)));
  if (filters.maxPriceCents !== undefined)
    where.push(lte(t.priceCents, bind('maxPriceCents', filters.maxPriceCents)));
  if (filters.creator && withCreator) {
    // Part of a name finds its creators (issue 13): the same trigram-indexed lookup as the search.
    where.push(sql`${t.creatorId} = any(${creatorsMatching(likePattern(filters.creator))})`);
  }
  return where;
}

/**
 * The first `walkRows` chips after the cursor that pass the shape and price filters, as a
 * condition on the sort key: a prefix of the sort order (ties at the boundary included), or all the
 * rest when fewer are left. (The creator filter is left out: it would make this walk long.)
 */
function withinWalk(
  filters: MarketplaceFilters,
  cursor: MarketplaceCursor | null,
  walkRows: number,
  bind: Bind,
): SQL {
  const w = alias(chips, 'walked');
  const where = filterConditions(w, filters, bind, false);
  if (cursor) where.push(afterCursor(w, cursor, bind));
  const order = sql.join(keysetOrder(w, filters.sort), sql`, `);
  const nth = (column: AnyPgColumn) =>
    sql`(select ${column} from ${chips} ${w} where ${and(...where)} order by ${order} offset ${walkRows - 1} limit 1)`;
  if (filters.sort === 'newest') return sql`${chips.createdAt} >= coalesce(${nth(w.createdAt)}, '-infinity')`;
  return filters.sort === 'price_asc'
    ? sql`${chips.priceCents} <= coalesce(${nth(w.priceCents)}, 2147483647)`
    : sql`${chips.priceCents} >= coalesce(${nth(w.priceCents)}, -1)`;
}

/** Users whose name contains the pattern (users_username_trgm_idx), as an array of ids. */
function creatorsMatching(pattern: string): SQL {
  return sql`array(select ${users.id} from ${users} where ${users.username} ilike ${pattern})`;
}

/** A chip whose title, description or creator's name contains the text, tested row by row. */
function searchMatches(t: ChipsTable, pattern: string): SQL {
  return sql`(${t.title} ilike ${pattern} or ${t.description} ilike ${pattern} or ${t.creatorId} = any(${creatorsMatching(pattern)}))`;
}

/** Trigram indexes help only when the text has a run of three letters or digits. */
function searchUsesTrigrams(search: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(search);
}

/**
 * The ids of the chips a search matches, at most `max` + 1 (so a caller sees there were more), read
 * from the trigram indexes (chips_market_title_trgm_idx, chips_market_description_trgm_idx,
 * users_username_trgm_idx): bitmap scans whose cost follows the number of matches, not the size of the
 * catalogue. Ignores the cursor; a chip that matches twice is listed once.
 */
export function searchHitsQuery(db: Db, filters: MarketplaceFilters & { search: string }, max: number) {
  const h = alias(chips, 'hit');
  const pattern = likePattern(filters.search);
  const where = and(...filterConditions(h, filters, inline));
  return sql`select ${h.id} as id from ${chips} ${h} where ${where} and ${h.title} ilike ${pattern}
    union all select ${h.id} from ${chips} ${h} where ${where} and ${h.description} ilike ${pattern}
    union all select ${h.id} from ${chips} ${h} where ${where} and ${h.creatorId} = any(${creatorsMatching(pattern)})
    limit ${max + 1}`;
}

async function searchHitIds(db: Db, filters: MarketplaceFilters & { search: string }, max: number) {
  const rows = rowsOf<{ id: number }>(await db.execute(searchHitsQuery(db, filters, max)));
  return rows.length > max ? null : [...new Set(rows.map((r) => Number(r.id)))];
}

/**
 * One marketplace query: listed chips in sort order after `cursor`, `limit` rows, read the way `plan`
 * says. Ordered by (created_at, id) or (price_cents, id) so it walks the partial market indexes; never
 * OFFSET. `bind` makes it a prepared statement's text.
 */
export function marketplaceQuery(
  db: Db,
  filters: MarketplaceFilters,
  cursor: MarketplaceCursor | null,
  limit: number,
  plan: MarketplacePlan = 'walk',
  bind: Bind = inline,
) {
  const where = filterConditions(chips, filters, bind);
  if (typeof plan === 'object' && 'ids' in plan) {
    where.push(sql`${chips.id} = any(${sql.param(plan.ids)}::integer[])`);
  } else if (filters.search) {
    where.push(searchMatches(chips, likePattern(filters.search)));
    if (typeof plan === 'object') where.push(withinWalk(filters, cursor, plan.walkRows, bind));
  }
  if (cursor) where.push(afterCursor(chips, cursor, bind));
  return selectChipsWithUsers(db)
    .where(and(...where))
    .orderBy(...keysetOrder(chips, filters.sort))
    .limit(bind('limit', limit) as number);
}

/** The placeholder values of a marketplace query (the names `bind` gives them). */
function marketplaceValues(filters: MarketplaceFilters, cursor: MarketplaceCursor | null, limit: number) {
  return {
    shape: filters.shape,
    minPriceCents: filters.minPriceCents,
    maxPriceCents: filters.maxPriceCents,
    cursorId: cursor?.id,
    cursorCreatedAt: cursor?.sort === 'newest' ? cursor.createdAt : undefined,
    cursorPriceCents: cursor && cursor.sort !== 'newest' ? cursor.priceCents : undefined,
    limit,
  };
}

/**
 * A page of the marketplace. Without a search or creator: one prepared statement per combination of filters.
 * With one, a walk over at most SEARCH_WALK_ROWS chips first (a common word fills its page there);
 * when that is not enough, the trigram indexes give the matching ids, and the page is those sorted, so
 * a rare word costs what its matches cost at any catalogue size. A word with more than SEARCH_HITS_MAX
 * matches, or too short for trigrams, walks the whole sort order. Searches are not prepared: the
 * planner needs the pattern.
 */
export async function listMarketplaceChips(
  db: Db,
  filters: MarketplaceFilters,
  cursor: MarketplaceCursor | null,
  limit: number,
  tuning = { walkRows: SEARCH_WALK_ROWS, hitsMax: SEARCH_HITS_MAX },
): Promise<ChipWithUsers[]> {
  const { search } = filters;
  // A creator filter is a pattern too (part of a name), so it is planned with its text, like a search.
  if (!search && filters.creator) return marketplaceQuery(db, filters, cursor, limit, 'walk');
  if (!search) {
    const shape = [
      filters.sort,
      cursor ? 'after' : '',
      filters.shape ? 'shape' : '',
      filters.minPriceCents !== undefined ? 'min' : '',
      filters.maxPriceCents !== undefined ? 'max' : '',
    ];
    const statement = preparedQuery(db, `marketplace_${shape.filter(Boolean).join('_')}`, (name) =>
      marketplaceQuery(db, filters, cursor, limit, 'walk', placeholder).prepare(name),
    );
    return statement.execute(marketplaceValues(filters, cursor, limit));
  }
  if (!searchUsesTrigrams(search)) return marketplaceQuery(db, filters, cursor, limit, 'walk');
  const walked = await marketplaceQuery(db, filters, cursor, limit, { walkRows: tuning.walkRows });
  if (walked.length >= limit) return walked;
  const ids = await searchHitIds(db, { ...filters, search }, tuning.hitsMax);
  return marketplaceQuery(db, filters, cursor, limit, ids ? { ids } : 'walk');
}

/** A creator's public chips, newest first, after the (created_at, id) cursor. */
export async function listCreatorPublicChips(
  db: Db,
  creatorId: number,
  cursor: { createdAt: string; id: number } | null,
  limit: number,
): Promise<ChipWithUsers[]> {
  const where: SQL[] = [eq(chips.creatorId, creatorId), PUBLIC_CHIP];
  if (cursor) {
    where.push(
      sql`(${chips.createdAt}, ${chips.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::integer)`,
    );
  }
  return selectChipsWithUsers(db)
    .where(and(...where))
    .orderBy(desc(chips.createdAt), desc(chips.id))
    .limit(limit);
}

export async function countCreatorPublicChips(db: Db, creatorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chips)
    .where(and(eq(chips.creatorId, creatorId), PUBLIC_CHIP));
  return row?.n ?? 0;
}

export async function findUserByUsername(
  db: Db,
  username: string,
): Promise<{
  id: number;
  username: string;
  profileImageUrl: string | null;
  usernameIsPrivate: boolean;
  followerCount: number;
} | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      profileImageUrl: users.profileImageUrl,
      usernameIsPrivate: users.usernameIsPrivate,
      followerCount: users.followerCount,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

export async function insertChipEvent(tx: Db, values: typeof chipEvents.$inferInsert): Promise<ChipEventRow> {
  const [row] = await tx.insert(chipEvents).values(values).returning();
  return row!;
}

/** The chip's latest takedown by an admin (setChipStatusByAdmin), or null. */
export async function findLastTakedown(db: Db, chipId: number): Promise<ChipEventRow | null> {
  const [row] = await db
    .select()
    .from(chipEvents)
    .where(and(eq(chipEvents.chipId, chipId), sql`${chipEvents.data}->>'status' = 'removed'`))
    .orderBy(desc(chipEvents.createdAt), desc(chipEvents.id))
    .limit(1);
  return row ?? null;
}

/** A chip's provenance, newest first, with the actor's username. */
export async function listChipEvents(db: Db, chipId: number, limit = 200) {
  return db
    .select({ event: chipEvents, actorUsername: users.username, actorNameIsPrivate: users.usernameIsPrivate })
    .from(chipEvents)
    .leftJoin(users, eq(users.id, chipEvents.actorUserId))
    .where(eq(chipEvents.chipId, chipId))
    .orderBy(desc(chipEvents.createdAt), desc(chipEvents.id))
    .limit(limit);
}

/** Usernames of these users and whether each is private (decision 060), by id. */
export async function findUserNames(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, isPrivate: users.usernameIsPrivate })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Listed chips with minId < id <= maxId for the sitemap, in id order. */
export async function listListedChipPaths(db: Db, minId: number, maxId: number) {
  return db
    .select({
      slug: chips.slug,
      updatedAt: chips.updatedAt,
      username: creator.username,
      image: sql<string | null>`coalesce(${chips.discShareUrl}, ${chips.imageUrl})`,
    })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .where(and(LISTED, isNotNull(chips.priceCents), sql`${chips.id} > ${minId} and ${chips.id} <= ${maxId}`))
    .orderBy(asc(chips.id));
}

export async function findMaxChipId(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${chips.id}), 0)::int` }).from(chips);
  return row?.n ?? 0;
}

export async function countListedChips(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chips)
    .where(and(LISTED, isNotNull(chips.priceCents)));
  return row?.n ?? 0;
}

/** Usernames of creators with at least one public chip (their galleries are worth indexing). */
export async function listGalleryUsernames(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ username: creator.username })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .where(PUBLIC_CHIP)
    .orderBy(asc(creator.username))
    .limit(limit);
  return rows.map((r) => r.username);
}

/** Chips whose checkout hold lapsed before `now`: ids and the order that held each. */
export async function listLapsedHolds(db: Db, now: Date, limit = 200) {
  return db
    .select({ chipId: chips.id, orderId: chips.reservedByOrderId })
    .from(chips)
    .where(and(isNotNull(chips.reservedByOrderId), lt(chips.reservedUntil, now)))
    .limit(limit);
}

/** Chips a user created or owns (owner null means the creator still owns it), newest first. */
export async function listChipsOfUser(db: Db, userId: number) {
  return db
    .select({ chip: chips, ...chipPeopleColumns })
    .from(chips)
    .innerJoin(creator, eq(creator.id, chips.creatorId))
    .leftJoin(owner, eq(owner.id, chips.ownerId))
    .where(or(eq(chips.ownerId, userId), eq(chips.creatorId, userId)))
    .orderBy(sql`${chips.createdAt} desc`, sql`${chips.id} desc`);
}

/** How many chips the user created (spec §3 User.totalMinted). */
export async function countChipsCreatedBy(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chips)
    .where(eq(chips.creatorId, userId));
  return row?.n ?? 0;
}

/**
 * How many chips the user owns that wait for them to activate: the chips chip-lifecycle's
 * refuseActivate lets them activate (pending, in the vault or not yet sent). A chip without an owner
 * row is still its creator's (ownerIdOf).
 */
export async function countChipsAwaitingActivation(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chips)
    .where(
      and(
        eq(chips.status, 'pending'),
        inArray(chips.custody, ['in_vault', 'dispatching']),
        or(eq(chips.ownerId, userId), and(isNull(chips.ownerId), eq(chips.creatorId, userId))),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a listed chip is on the marketplace page these filters give (a saved search's new match). */
export async function chipMatchesFilters(
  db: Db,
  chipId: number,
  filters: Omit<MarketplaceFilters, 'sort'>,
): Promise<boolean> {
  const where = filterConditions(chips, { ...filters, sort: 'newest' }, inline);
  if (filters.search) where.push(searchMatches(chips, likePattern(filters.search)));
  where.push(eq(chips.id, chipId));
  const [row] = await db
    .select({ id: chips.id })
    .from(chips)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

/** Adds `delta` to a chip's watch count; answers the new count (null: no such chip). */
export async function addToWatchCount(db: Db, chipId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(chips)
    // A watch is not an edit of the chip: its updated_at (the sitemap's lastmod) stays.
    .set({ watchCount: sql`greatest(${chips.watchCount} + ${delta}, 0)`, updatedAt: sql`${chips.updatedAt}` })
    .where(eq(chips.id, chipId))
    .returning({ watchCount: chips.watchCount });
  return row?.watchCount ?? null;
}

/** Watched chips, with their creator's name for their page's path (My Admin). */
export function listChipsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectChipsWithUsers(db).where(and(inArray(chips.id, ids), PUBLIC_CHIP));
}
