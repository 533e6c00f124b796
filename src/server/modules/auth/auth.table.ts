import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

export const sessions = pgTable(
  'sessions',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text().notNull(),
    /** 'user' | 'admin': admin sessions come only from the admin log-in. */
    kind: text().notNull().default('user'),
    expiresAt: tstz().notNull(),
    lastUsedAt: tstz(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify_email' | 'set_password' */
    purpose: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_uq').on(t.tokenHash),
    index('email_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * A sign-in code mailed when a log-in is backing off (docs/decisions/036): the right password alone is
 * not enough then. `challenge` goes back to the browser that gave the password and the code to the
 * account's address; both are needed, and only hashes are stored (the code's hashed with its challenge).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session the code opens: 'user' (the log-in) or 'admin' (the admin log-in). */
    kind: text().notNull(),
    challengeHash: text().notNull(),
    /** sha256 of `${challenge}:${code}`. */
    codeHash: text().notNull(),
    expiresAt: tstz().notNull(),
    /** Tries so far, the right one included; a code takes only a few. */
    attempts: integer().notNull().default(0),
    usedAt: tstz(),
  },
  (t) => [
    uniqueIndex('login_codes_challenge_hash_uq').on(t.challengeHash),
    index('login_codes_user_id_expires_at_idx').on(t.userId, t.expiresAt),
    checkOneOf('login_codes_kind_ck', t.kind, ['user', 'admin']),
    check('login_codes_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);
