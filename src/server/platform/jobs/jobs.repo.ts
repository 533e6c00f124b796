import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { JobStatus } from '#shared/jobs.schemas.ts';
import { jobs } from './jobs.table.ts';

export type JobRow = typeof jobs.$inferSelect;

/** `now() + ms`, in the database's clock: every process compares against the same time. */
const inMs = (ms: number) => sql`now() + (${Math.round(ms)} * interval '1 millisecond')`;

/**
 * Makes sure a recurring task has its row (status pending, due now when new). A row left done or
 * failed by an older version is made pending again; a live row (pending or running) is kept.
 */
export async function ensureRecurringJob(
  db: Db,
  args: { kind: string; uniqueKey: string; maxAttempts: number },
): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: args.kind, uniqueKey: args.uniqueKey, maxAttempts: args.maxAttempts })
    .onConflictDoUpdate({
      target: jobs.uniqueKey,
      set: { status: 'pending', attempts: 0, lockedAt: null, lockedBy: null, runAt: sql`now()` },
      setWhere: inArray(jobs.status, ['done', 'failed']),
    });
}

/** Queues a one-off job; with a uniqueKey, nothing is added while a job under that key exists. */
export async function insertJob(
  db: Db,
  args: {
    kind: string;
    payload?: Record<string, unknown>;
    uniqueKey?: string;
    delayMs?: number;
    maxAttempts?: number;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: args.kind,
      payload: args.payload ?? {},
      uniqueKey: args.uniqueKey ?? null,
      runAt: inMs(args.delayMs ?? 0),
      ...(args.maxAttempts ? { maxAttempts: args.maxAttempts } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * Claims up to `limit` jobs of these kinds that are due, or whose claim is older than the lease (its
 * process died), for this runner: FOR UPDATE SKIP LOCKED, so two processes never claim the same row.
 * A claim counts as an attempt, so a job that keeps killing its process still runs out of attempts.
 */
export async function claimDueJobs(
  db: Db,
  args: { kinds: string[]; runnerId: string; leaseMs: number; limit: number },
): Promise<JobRow[]> {
  if (args.kinds.length === 0 || args.limit <= 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, args.kinds),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lte(jobs.lockedAt, inMs(-args.leaseMs))),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(args.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: 'running',
        lockedAt: sql`now()`,
        lockedBy: args.runnerId,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The runner still works on its job: renews the lease. False when the claim was taken over. */
export async function renewClaim(db: Db, id: number, runnerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, runnerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export type JobOutcome =
  /** Done for good (a one-off job). */
  | { status: 'done' }
  /** Due again after `delayMs`: the next period of a recurring task, or a retry after a failure. */
  | { status: 'pending'; delayMs: number; resetAttempts: boolean; lastError: string | null }
  /** Out of attempts (a one-off job). */
  | { status: 'failed'; lastError: string };

/**
 * Records how a claimed job ended, only while this runner still holds the claim (a claim taken over
 * after the lease belongs to the new runner, so a slow first runner cannot reschedule it twice).
 */
export async function finishJob(db: Db, id: number, runnerId: string, outcome: JobOutcome): Promise<boolean> {
  const release = { lockedAt: null, lockedBy: null };
  const set =
    outcome.status === 'pending'
      ? {
          ...release,
          status: 'pending' as const,
          runAt: inMs(outcome.delayMs),
          lastError: outcome.lastError,
          ...(outcome.resetAttempts ? { attempts: 0 } : {}),
        }
      : outcome.status === 'failed'
        ? { ...release, status: 'failed' as const, lastError: outcome.lastError }
        : { ...release, status: 'done' as const, lastError: null };
  const rows = await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, runnerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The most recently changed jobs, for the back office. */
export function listRecentJobs(db: Db, args: { status?: JobStatus | undefined; limit: number }) {
  return db
    .select()
    .from(jobs)
    .where(args.status ? eq(jobs.status, args.status) : undefined)
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(args.limit);
}
