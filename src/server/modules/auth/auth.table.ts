import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';
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
