import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { JOB_STATUSES, type JobStatus } from '#shared/jobs.schemas.ts';

/**
 * Background work claimed with FOR UPDATE SKIP LOCKED, so many processes can share it. A recurring
 * task is one row under its unique key (`recurring:<name>`), claimed when due and rescheduled after
 * each run; a claim whose lockedAt is older than the lease (a crashed process) is taken over.
 */
export const jobs = pgTable(
  'jobs',
  {
    ...baseColumns,
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Optional dedupe key: one live job per key. */
    uniqueKey: text(),
    status: text().$type<JobStatus>().notNull().default('pending'),
    runAt: tstz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedAt: tstz(),
    /** Which runner holds the claim: only it may finish the job, so a taken-over claim is not applied twice. */
    lockedBy: text(),
    lastError: text(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_uq').on(t.uniqueKey),
    checkOneOf('jobs_status_ck', t.status, JOB_STATUSES),
  ],
);
