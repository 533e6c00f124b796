import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createCode } from '#server/lib/tokens.ts';
import type { UpdateProfileInput, User } from '#shared/users.schemas.ts';
import {
  MAX_SHIPPING_ADDRESSES,
  ShippingAddressInputSchema,
  type ShippingAddress,
  type ShippingAddressInput,
} from '#shared/addresses.schemas.ts';
import * as repo from './users.repo.ts';
import type { ShippingAddressRow, UserRow } from './users.repo.ts';
import { usernameBaseFromEmail, usernameCandidate } from './usernames.ts';

export type { UserRow } from './users.repo.ts';

const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

/** The spec §3 User as the API sends it. */
function toUser(row: UserRow, totalMinted: number): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    paypalEmail: row.paypalEmail,
    affiliateCode: row.affiliateCode,
    profileImageUrl: row.profileImageUrl,
    isEmailVerified: row.isEmailVerified,
    totalMinted,
    role: row.role === 'admin' ? 'admin' : 'user',
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user as the API sends it (with totalMinted), from a row already read. */
export async function userFromRow(db: Db, row: UserRow): Promise<User> {
  return toUser(row, await repo.countChipsCreated(db, row.id));
}

/** The user by id; NOT_FOUND when the account is gone. */
export async function getUser(db: Db, userId: number): Promise<User> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return userFromRow(db, row);
}

/** The account row for an e-mail (case-insensitive), or null. */
export function findAccountByEmail(db: Db, email: string): Promise<UserRow | null> {
  return repo.findUserByEmail(db, email);
}

/** The account row of a username (case-insensitive), or null. */
export function findAccountByUsername(db: Db, username: string): Promise<UserRow | null> {
  return repo.findUserByUsername(db, username);
}

/** The account row by id, or null. */
export function findAccountById(db: Db, userId: number): Promise<UserRow | null> {
  return repo.findUserById(db, userId);
}

/** The account rows of these ids, by id (missing ids are absent). */
export async function findAccountsByIds(db: Db, userIds: readonly number[]): Promise<Map<number, UserRow>> {
  return new Map((await repo.findUsersByIds(db, userIds)).map((row) => [row.id, row]));
}

/** Changes credentials and flags of an account (password hash, verification, role). */
export async function updateAccount(
  db: Db,
  userId: number,
  patch: {
    passwordHash?: string | null;
    hasUnprovenPassword?: boolean;
    isEmailVerified?: boolean;
    role?: 'user' | 'admin';
    firstName?: string;
  },
): Promise<UserRow> {
  const row = await repo.updateUser(db, userId, patch);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

/**
 * Forgets where the account's money and parcels would go: its PayPal e-mail and its saved addresses.
 * Called when the e-mail is first proven, since anything set before was set by someone who had not
 * shown they own it (docs/decisions/035). The payout account belongs to payouts (deletePayoutAccount).
 */
export async function clearAccountDestinations(db: Db, userId: number): Promise<void> {
  await repo.updateUser(db, userId, { paypalEmail: null });
  await repo.deleteShippingAddressesOfUser(db, userId);
}

/** True when the error is a unique-index violation (PostgreSQL and PGlite, possibly wrapped by Drizzle). */
function uniqueViolation(err: unknown): { constraint: string } | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
  }
  return null;
}

/** An affiliate code no one has yet (8 characters from a 32-letter alphabet: collisions are rare). */
async function createUniqueAffiliateCode(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = createCode(8);
    if (!(await repo.findUserByAffiliateCode(db, code))) return code;
  }
  throw new Error('Could not find a free affiliate code');
}

export type CreateAccountInput = {
  email: string;
  username: string;
  passwordHash: string | null;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** The referrer's affiliate code; unknown codes are ignored. */
  referralCode?: string | undefined;
  isEmailVerified?: boolean;
  role?: 'user' | 'admin';
  /** The username was made from the e-mail, not picked: never shown publicly (decision 060). */
  usernameIsPrivate?: boolean;
};

/**
 * Creates an account with its own affiliate code, linked to the referrer when the code is known.
 * A taken e-mail or username (case-insensitive) is a CONFLICT with a field error.
 */
export async function createAccount(db: Db, input: CreateAccountInput): Promise<UserRow> {
  if (await repo.findUserByEmail(db, input.email)) {
    throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } });
  }
  if (await repo.findUserByUsername(db, input.username)) {
    throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
      fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
    });
  }
  const referrer = input.referralCode ? await repo.findUserByAffiliateCode(db, input.referralCode) : null;
  try {
    return await repo.insertUser(db, {
      email: input.email,
      username: input.username,
      passwordHash: input.passwordHash,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      isEmailVerified: input.isEmailVerified ?? false,
      role: input.role ?? 'user',
      affiliateCode: await createUniqueAffiliateCode(db),
      referredBy: referrer?.id ?? null,
      usernameIsPrivate: input.usernameIsPrivate ?? false,
    });
  } catch (err) {
    // Two sign-ups racing for the same e-mail or username: the unique index decides.
    const violation = uniqueViolation(err);
    if (!violation) throw err;
    if (violation.constraint.includes('username')) {
      throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
        fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
      });
    }
    throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } });
  }
}

/**
 * Sign-up: makes the account unless its e-mail is taken, and answers the account that has it instead.
 * Both cases run the same statements (the e-mail and username look-ups, the referrer and affiliate
 * code, one insert that does nothing on a taken e-mail), so the time taken does not tell whether an
 * e-mail is registered (issue 25). A username held by another account is a CONFLICT either way.
 */
export async function createAccountUnlessEmailTaken(
  db: Db,
  input: CreateAccountInput,
): Promise<{ created: UserRow; existing: null } | { created: null; existing: UserRow }> {
  const existing = await repo.findUserByEmail(db, input.email);
  const holder = await repo.findUserByUsername(db, input.username);
  if (holder && holder.id !== existing?.id) {
    throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
      fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
    });
  }
  const referrer = input.referralCode ? await repo.findUserByAffiliateCode(db, input.referralCode) : null;
  const created = await repo.insertUserIfFree(db, {
    email: input.email,
    username: input.username,
    passwordHash: input.passwordHash,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    isEmailVerified: input.isEmailVerified ?? false,
    role: input.role ?? 'user',
    affiliateCode: await createUniqueAffiliateCode(db),
    referredBy: referrer?.id ?? null,
  });
  if (created) return { created, existing: null };
  if (existing) return { created: null, existing };
  // Another sign-up took the e-mail or the username meanwhile.
  const racer = await repo.findUserByEmail(db, input.email);
  if (racer) return { created: null, existing: racer };
  throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
    fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
  });
}

/**
 * For guest checkout: the account for this e-mail, or a new passwordless, unverified one with a
 * unique username derived from the e-mail and its own affiliate code. Safe inside a transaction
 * and against a concurrent checkout with the same e-mail (no statement fails on a taken value).
 * The buyer sets a password later with a one-time token (createSetPasswordToken in auth.service).
 */
export async function findOrCreateGuestUser(db: Db, email: string): Promise<{ user: User; isNew: boolean }> {
  const normalized = email.trim().toLowerCase();
  const base = usernameBaseFromEmail(normalized);
  for (let attempt = 0; attempt < 12; attempt++) {
    const existing = await repo.findUserByEmail(db, normalized);
    if (existing) return { user: await userFromRow(db, existing), isNew: false };
    const username = usernameCandidate(base, attempt);
    if (await repo.findUserByUsername(db, username)) continue;
    const row = await repo.insertUserIfFree(db, {
      email: normalized,
      username,
      // Made from the e-mail: the account reads as "a collector" until its owner picks a name.
      usernameIsPrivate: true,
      passwordHash: null,
      isEmailVerified: false,
      role: 'user',
      affiliateCode: await createUniqueAffiliateCode(db),
    });
    if (row) return { user: toUser(row, 0), isNew: true };
  }
  throw new Error('Could not create a guest account');
}

/**
 * PUT /api/users/profile: names, username (unique, case-insensitive) and PayPal e-mail ('' clears it).
 * A username other than the one the account has (beyond its case) is picked by its owner: a name made
 * from the e-mail becomes public then, never by saving the form unchanged (decision 060).
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: UpdateProfileInput,
  opts: { now?: Date } = {},
): Promise<User> {
  const current = await repo.findUserById(db, userId);
  if (!current) throw new AppError('NOT_FOUND', 'User not found');
  const nextPaypal =
    input.paypalEmail === undefined ? undefined : input.paypalEmail.trim().toLowerCase() || null;
  // Decision 071: a new PayPal e-mail waits payoutDestinationHoldHours from now before payouts go to it.
  const paypalChanged = nextPaypal !== undefined && nextPaypal !== null && nextPaypal !== current.paypalEmail;
  const picksUsername = current.username.toLowerCase() !== input.username.toLowerCase();
  if (await repo.findUserByUsername(db, input.username, userId)) {
    throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
      fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
    });
  }
  let row: UserRow | null;
  try {
    row = await repo.updateUser(db, userId, {
      firstName: input.firstName,
      lastName: input.lastName,
      username: input.username,
      ...(picksUsername && { usernameIsPrivate: false }),
      ...(nextPaypal !== undefined && { paypalEmail: nextPaypal }),
      ...(paypalChanged && { paypalEmailSetAt: opts.now ?? new Date() }),
    });
  } catch (err) {
    if (!uniqueViolation(err)) throw err;
    throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
      fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
    });
  }
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return userFromRow(db, row);
}

/**
 * Decision 071: the profile's PayPal e-mail `input` would set, when it is a new destination (not the
 * current one, not a removal); null otherwise.
 */
export async function profilePaypalChange(
  db: Db,
  userId: number,
  input: Pick<UpdateProfileInput, 'paypalEmail'>,
): Promise<{ paypalEmail: string } | null> {
  if (input.paypalEmail === undefined) return null;
  const next = input.paypalEmail.trim().toLowerCase();
  if (next === '') return null;
  const current = await repo.findUserById(db, userId);
  return current && current.paypalEmail !== next ? { paypalEmail: next } : null;
}

/** Decision 071: payouts to this account are refused from `at` until an admin unfreezes them. */
export async function freezePayouts(db: Db, userId: number, at: Date): Promise<void> {
  await repo.updateUser(db, userId, { payoutsFrozenAt: at });
}

/** Decision 076: the account lost the platform a dispute; it cannot check out until an admin clears it. */
export async function flagForLostDispute(db: Db, userId: number, at: Date): Promise<void> {
  await repo.updateUser(db, userId, { disputeFlaggedAt: at });
}

/** Clears the flag of a lost dispute; false when it was not set. */
export async function clearDisputeFlag(db: Db, userId: number): Promise<boolean> {
  const current = await repo.findUserById(db, userId);
  if (!current) throw new AppError('NOT_FOUND', 'User not found');
  if (current.disputeFlaggedAt === null) return false;
  await repo.updateUser(db, userId, { disputeFlaggedAt: null });
  return true;
}

/** Lifts the freeze; false when payouts were not frozen. */
export async function unfreezePayouts(db: Db, userId: number): Promise<boolean> {
  const current = await repo.findUserById(db, userId);
  if (!current) throw new AppError('NOT_FOUND', 'User not found');
  if (current.payoutsFrozenAt === null) return false;
  await repo.updateUser(db, userId, { payoutsFrozenAt: null });
  return true;
}

/** Saves the bio and links of the user's public creator profile (validated by the shared schema). */
export async function updateCreatorProfile(
  db: Db,
  userId: number,
  profile: { bio: string | null; links: { label: string; url: string }[] },
): Promise<UserRow> {
  const row = await repo.updateUser(db, userId, {
    bio: profile.bio,
    // Only the two known keys are kept, whatever else a client sent.
    links: profile.links.map(({ label, url }) => ({ label, url })),
  });
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

function toShippingAddress(row: ShippingAddressRow): ShippingAddress {
  return {
    id: row.id,
    name: row.name,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    phone: row.phone,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

function addressValues(input: ShippingAddressInput) {
  const parsed = ShippingAddressInputSchema.parse(input);
  return {
    name: parsed.name,
    addressLine1: parsed.addressLine1,
    addressLine2: parsed.addressLine2 || null,
    city: parsed.city,
    state: parsed.state,
    zipCode: parsed.zipCode,
    country: parsed.country,
    phone: parsed.phone || null,
  };
}

const ADDRESS_NOT_FOUND = 'Shipping address not found';

/** The user's saved addresses, the default first. */
export async function listShippingAddresses(db: Db, userId: number): Promise<ShippingAddress[]> {
  return (await repo.listShippingAddresses(db, userId)).map(toShippingAddress);
}

/**
 * Saves an address for the user (checkout's "save address" calls this too). The first address, or
 * one marked isDefault, becomes the only default.
 */
export async function createShippingAddress(
  db: Db,
  userId: number,
  input: ShippingAddressInput,
): Promise<ShippingAddress> {
  return db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const existing = await repo.countShippingAddresses(tx, userId);
    if (existing >= MAX_SHIPPING_ADDRESSES) {
      throw new AppError('UNPROCESSABLE', `You can save up to ${MAX_SHIPPING_ADDRESSES} shipping addresses`);
    }
    const isDefault = existing === 0 || input.isDefault === true;
    if (isDefault) await repo.clearDefaultShippingAddress(tx, userId);
    return toShippingAddress(
      await repo.insertShippingAddress(tx, userId, { ...addressValues(input), isDefault }),
    );
  });
}

/** Replaces an address's fields; isDefault true makes it the only default. Another user's address is NOT_FOUND. */
export async function updateShippingAddress(
  db: Db,
  userId: number,
  id: number,
  input: ShippingAddressInput,
): Promise<ShippingAddress> {
  return db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const current = await repo.findShippingAddress(tx, userId, id);
    if (!current) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
    if (input.isDefault === true) await repo.clearDefaultShippingAddress(tx, userId);
    const row = await repo.updateShippingAddress(tx, userId, id, {
      ...addressValues(input),
      ...(input.isDefault !== undefined && { isDefault: input.isDefault }),
    });
    return toShippingAddress(row!);
  });
}

/** Deletes an address; when it was the default, the oldest remaining one becomes the default. */
export async function deleteShippingAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const deleted = await repo.deleteShippingAddress(tx, userId, id);
    if (!deleted) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
    if (deleted.isDefault) {
      const next = await repo.findOldestShippingAddress(tx, userId);
      if (next) await repo.updateShippingAddress(tx, userId, next.id, { isDefault: true });
    }
  });
}

/** Serialises changes to a user's balance (payouts) inside the caller's transaction; false if unknown. */
export function lockAccount(tx: Db, userId: number): Promise<boolean> {
  return repo.lockUserForBalance(tx, userId);
}

/** PUT/DELETE follow: a creator's follower count moved by `delta`, in the follow's transaction. */
export function addToCreatorFollowerCount(tx: Db, creatorId: number, delta: number): Promise<number | null> {
  return repo.addToFollowerCount(tx, creatorId, delta);
}
