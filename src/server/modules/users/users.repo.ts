import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { shippingAddresses, users } from './users.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ShippingAddressRow = typeof shippingAddresses.$inferSelect;
type AddressValues = Omit<typeof shippingAddresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The rows of these ids (those that exist), in no particular order. */
export async function findUsersByIds(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** E-mail addresses are unique case-insensitively (users_email_lower_uq). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

/** Usernames are unique case-insensitively; `exceptId` skips the user's own row on profile updates. */
export async function findUserByUsername(
  db: Db,
  username: string,
  exceptId?: number,
): Promise<UserRow | null> {
  const sameName = sql`lower(${users.username}) = lower(${username})`;
  const [row] = await db
    .select()
    .from(users)
    .where(exceptId === undefined ? sameName : and(sameName, ne(users.id, exceptId)))
    .limit(1);
  return row ?? null;
}

export async function findUserByAffiliateCode(db: Db, code: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`upper(${users.affiliateCode}) = upper(${code})`)
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Inserts unless the e-mail, username or affiliate code is taken (then null), without aborting a transaction. */
export async function insertUserIfFree(db: Db, values: NewUserRow): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateUser(
  db: Db,
  id: number,
  patch: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The default address first, then the newest. */
export function listShippingAddresses(db: Db, userId: number): Promise<ShippingAddressRow[]> {
  return db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .orderBy(
      desc(shippingAddresses.isDefault),
      desc(shippingAddresses.createdAt),
      desc(shippingAddresses.id),
    );
}

/** The address only if it belongs to the user. */
export async function findShippingAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<ShippingAddressRow | null> {
  const [row] = await db
    .select()
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countShippingAddresses(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertShippingAddress(
  db: Db,
  userId: number,
  values: AddressValues,
): Promise<ShippingAddressRow> {
  const [row] = await db
    .insert(shippingAddresses)
    .values({ ...values, userId })
    .returning();
  return row!;
}

export async function updateShippingAddress(
  db: Db,
  userId: number,
  id: number,
  values: Partial<AddressValues>,
): Promise<ShippingAddressRow | null> {
  const [row] = await db
    .update(shippingAddresses)
    .set(values)
    .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteShippingAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<ShippingAddressRow | null> {
  const [row] = await db
    .delete(shippingAddresses)
    .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes every saved address of the user. */
export async function deleteShippingAddressesOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(shippingAddresses).where(eq(shippingAddresses.userId, userId));
}

/** Clears the default flag on every address of the user. */
export async function clearDefaultShippingAddress(db: Db, userId: number): Promise<void> {
  await db
    .update(shippingAddresses)
    .set({ isDefault: false })
    .where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, true)));
}

/** The oldest remaining address, to become the default when the default one is deleted. */
export async function findOldestShippingAddress(db: Db, userId: number): Promise<ShippingAddressRow | null> {
  const [row] = await db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .orderBy(asc(shippingAddresses.createdAt), asc(shippingAddresses.id))
    .limit(1);
  return row ?? null;
}

/** Serialises concurrent changes to one user's addresses (the single-default rule). */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many customer accounts (role user, not demo accounts) there are (the Overview's customers). */
export async function countCustomers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.isDemo, false)));
  return Number(row?.n ?? 0);
}

/**
 * Locks a user's row for one money change at a time (a payout of their balance); FOR NO KEY UPDATE so
 * rows referencing the user can still be inserted meanwhile. False when there is no such user.
 */
export async function lockUserForBalance(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/**
 * How many chips the user created (the profile's "minted" figure). Read here, from the chips table,
 * so the users module never imports chips (chips names its creators and owners as users).
 */
export async function countChipsCreated(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chips)
    .where(eq(chips.creatorId, userId));
  return row?.n ?? 0;
}

/** Adds `delta` to a creator's follower count; answers the new count (null: no such user). */
export async function addToFollowerCount(db: Db, userId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({
      followerCount: sql`greatest(${users.followerCount} + ${delta}, 0)`,
      updatedAt: sql`${users.updatedAt}`,
    })
    .where(eq(users.id, userId))
    .returning({ followerCount: users.followerCount });
  return row?.followerCount ?? null;
}
