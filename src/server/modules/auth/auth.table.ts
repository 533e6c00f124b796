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

/**
 * An account's authenticator app (TOTP, RFC 6238; decision 072). One row per account: `enabledAt` is
 * null while the set-up waits for its first code. `lastUsedStep` is the 30-second step of the last
 * code accepted, so a code is never taken twice. The secret is stored as the app holds it (base32).
 */
export const totpFactors = pgTable(
  'totp_factors',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text().notNull(),
    enabledAt: tstz(),
    lastUsedStep: integer(),
  },
  (t) => [uniqueIndex('totp_factors_user_id_uq').on(t.userId)],
);

/** Ten one-time recovery codes per enrolment, stored as sha256 hashes; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: tstz(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * The second step of a log-in of an account with a second factor: the password (or mailed code) was
 * right, and `challenge` (given back to that browser, stored only as its hash) with a code from the
 * authenticator or a recovery code opens the session. Short-lived, used once, a few tries.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session it opens: 'user' or 'admin'. */
    kind: text().notNull(),
    challengeHash: text().notNull(),
    expiresAt: tstz().notNull(),
    attempts: integer().notNull().default(0),
    usedAt: tstz(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_challenge_hash_uq').on(t.challengeHash),
    index('two_factor_challenges_user_id_idx').on(t.userId),
    checkOneOf('two_factor_challenges_kind_ck', t.kind, ['user', 'admin']),
    check('two_factor_challenges_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);
