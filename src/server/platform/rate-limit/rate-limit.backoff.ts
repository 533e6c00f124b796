import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimitBackoffs } from './rate-limit.table.ts';

/** How failures of one key slow it down: free failures, then a wait that doubles up to a cap. */
export type BackoffPolicy = {
  /** Failures in a row allowed before any wait. */
  freeFailures: number;
  /** The wait after the last free failure; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key that has not failed for this long starts again from zero. */
  forgetAfterMs: number;
};

/**
 * Log-in per account: after 5 failures in a row a wait of 1 minute, then 2, 4, 8 and at most 15
 * minutes per further failure. The cap bounds how long someone else's guesses can lock an owner out.
 */
export const LOGIN_BACKOFF: BackoffPolicy = {
  freeFailures: 5,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
};

/** The wait after `failures` failures in a row under `policy` (0 while failures are still free). */
export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/** Milliseconds until `key` may try again (0: it may now). */
export async function findBackoffWait(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ blockedUntil: rateLimitBackoffs.blockedUntil })
    .from(rateLimitBackoffs)
    .where(eq(rateLimitBackoffs.key, key))
    .limit(1);
  const until = row?.blockedUntil?.getTime() ?? 0;
  return Math.max(0, until - now.getTime());
}

/**
 * Counts one failure of `key` (atomically, whichever process sees it) and starts its wait when the
 * free failures are used up; failures older than the policy's memory start again from one.
 * Answers the wait now in force, in milliseconds.
 */
export async function recordBackoffFailure(
  db: Db,
  key: string,
  now: Date,
  policy: BackoffPolicy,
): Promise<number> {
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs);
  const [row] = await db
    .insert(rateLimitBackoffs)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: rateLimitBackoffs.key,
      set: {
        failures: sql`case when ${rateLimitBackoffs.lastFailureAt} < ${forgetBefore} then 1 else ${rateLimitBackoffs.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ id: rateLimitBackoffs.id, failures: rateLimitBackoffs.failures });
  const delay = backoffDelayMs(row?.failures ?? 1, policy);
  if (delay > 0 && row) {
    await db
      .update(rateLimitBackoffs)
      .set({ blockedUntil: new Date(now.getTime() + delay) })
      .where(eq(rateLimitBackoffs.id, row.id));
  }
  return delay;
}

/** Forgets the failures of `key` (a successful log-in). */
export async function clearBackoff(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBackoffs).where(eq(rateLimitBackoffs.key, key));
}

/** Deletes keys whose failures are old enough to be forgotten and whose wait is over; run periodically. */
export async function pruneBackoffs(
  db: Db,
  now: Date,
  policy: BackoffPolicy = LOGIN_BACKOFF,
): Promise<number> {
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs);
  const deleted = await db
    .delete(rateLimitBackoffs)
    .where(
      and(
        lt(rateLimitBackoffs.lastFailureAt, forgetBefore),
        sql`coalesce(${rateLimitBackoffs.blockedUntil}, ${rateLimitBackoffs.lastFailureAt}) < ${now}`,
      ),
    )
    .returning({ id: rateLimitBackoffs.id });
  return deleted.length;
}
