import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';

/** Background work claimed with FOR UPDATE SKIP LOCKED, so many processes can share it. */
export const jobs = pgTable(
  'jobs',
  {
    ...baseColumns,
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Optional dedupe key: one live job per key. */
    uniqueKey: text(),
    /** 'pending' | 'running' | 'done' | 'failed' */
    status: text().notNull().default('pending'),
    runAt: tstz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedAt: tstz(),
    lastError: text(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_unique_key_uq').on(t.uniqueKey)],
);
