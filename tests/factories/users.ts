import argon2 from 'argon2';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/modules/auth/auth.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { createCode, createSecretToken, hashToken } from '#server/lib/tokens.ts';

const DEFAULT_PASSWORD = 'password123';
let defaultHash: Promise<string> | null = null;
let seq = 0;

function passwordHash(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return argon2.hash(password, { type: argon2.argon2id });
  defaultHash ??= argon2.hash(DEFAULT_PASSWORD, { type: argon2.argon2id });
  return defaultHash;
}

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/** Plain data for a verified user with unique e-mail, username and affiliate code. */
function buildUser(overrides: UserOverrides = {}) {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return {
    email: `user${n}@example.com`,
    username: `user_${n}`,
    firstName: 'Test',
    lastName: 'User',
    isEmailVerified: true,
    affiliateCode: createCode(10),
    role: 'user',
    ...overrides,
  };
}

/** Inserts a user and opens a session for it; returns the row and its bearer token. */
export async function insertUser(db: Db, overrides: UserOverrides = {}) {
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({ ...buildUser(rest), passwordHash: await passwordHash(password) })
    .returning();
  const token = await createSession(db, user!.id, user!.role === 'admin' ? 'admin' : 'user');
  return { user: user!, token, password };
}

/** An admin user with an admin session. */
export function insertAdmin(db: Db, overrides: UserOverrides = {}) {
  return insertUser(db, { role: 'admin', username: `admin_${(seq++).toString(36)}`, ...overrides });
}

/** A session for the user; validForMs lets tests that move their clock ahead keep it (default 24 h). */
export async function createSession(
  db: Db,
  userId: number,
  kind: 'user' | 'admin' = 'user',
  validForMs = 24 * 3600 * 1000,
): Promise<string> {
  const token = createSecretToken();
  await db.insert(sessions).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + validForMs),
  });
  return token;
}

/**
 * The account with a session that outlives a test's moved clock (`days`, 90 by default): for tests
 * that walk payout holds, delivery windows and cases weeks ahead.
 */
export async function withLongSession<T extends { user: { id: number; role: string } }>(
  db: Db,
  account: T,
  days = 90,
): Promise<T & { token: string }> {
  const kind = account.user.role === 'admin' ? 'admin' : 'user';
  return { ...account, token: await createSession(db, account.user.id, kind, days * 24 * 3600 * 1000) };
}
