import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';

/** Rate-limit windows shared by every server process (one row per route and client). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    ...baseColumns,
    key: text().notNull(),
    count: integer().notNull(),
    resetAt: tstz().notNull(),
  },
  (t) => [uniqueIndex('rate_limits_key_uq').on(t.key), index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Exponential back-off after repeated failures of one key (log-in failures per account, by a hash of
 * the e-mail): `failures` in a row, and until when the next attempt is refused. Shared by every process.
 */
export const rateLimitBackoffs = pgTable(
  'rate_limit_backoffs',
  {
    ...baseColumns,
    key: text().notNull(),
    failures: integer().notNull(),
    blockedUntil: tstz(),
    lastFailureAt: tstz().notNull(),
  },
  (t) => [
    uniqueIndex('rate_limit_backoffs_key_uq').on(t.key),
    index('rate_limit_backoffs_last_failure_at_idx').on(t.lastFailureAt),
    check('rate_limit_backoffs_failures_ck', sql`${t.failures} >= 0`),
  ],
);
