import type { Db } from '#server/db/client.ts';
import { JOB_STATUSES, type JobEntry, type JobStatus } from '#shared/jobs.schemas.ts';
import { type JobOutcome, type JobRow, listRecentJobs } from './jobs.repo.ts';
import { type BossJobRow, listRecentBossJobs } from './boss-jobs.repo.ts';

/** First retry after 5 s, doubling up to 10 minutes. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60_000;

/** How long to wait before the next attempt after `attempts` failed ones (exponential back-off). */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** The unique key of a recurring task's row. */
export const recurringKey = (kind: string) => `recurring:${kind}`;

/**
 * What becomes of a job after a run. A recurring task is never failed for good: after its last
 * attempt it waits for its next period (attempts start again) and keeps the error for admins to see.
 */
export function outcomeOf(
  job: Pick<JobRow, 'attempts' | 'maxAttempts'>,
  everyMs: number | undefined,
  error: unknown,
): JobOutcome {
  if (error === undefined) {
    return everyMs === undefined
      ? { status: 'done' }
      : { status: 'pending', delayMs: everyMs, resetAttempts: true, lastError: null };
  }
  const lastError = describeError(error);
  if (job.attempts < job.maxAttempts) {
    const delayMs =
      everyMs === undefined ? retryDelayMs(job.attempts) : Math.min(retryDelayMs(job.attempts), everyMs);
    return { status: 'pending', delayMs, resetAttempts: false, lastError };
  }
  if (everyMs === undefined) return { status: 'failed', lastError };
  return { status: 'pending', delayMs: everyMs, resetAttempts: true, lastError };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 1000);
}

/** Recent jobs for the back office, newest change first. */
export async function listJobs(
  db: Db,
  query: { status?: JobStatus | undefined; limit: number },
): Promise<{ items: JobEntry[] }> {
  const rows = await listRecentJobs(db, query);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      uniqueKey: r.uniqueKey,
      status: r.status,
      runAt: r.runAt.toISOString(),
      attempts: r.attempts,
      maxAttempts: r.maxAttempts,
      lockedAt: r.lockedAt ? r.lockedAt.toISOString() : null,
      lastError: r.lastError,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** pg-boss states behind each status the back office filters by. */
const BOSS_STATES: Record<JobStatus, BossJobRow['state'][]> = {
  pending: ['created', 'retry'],
  running: ['active'],
  done: ['completed'],
  failed: ['failed', 'cancelled'],
};

const statusOfBossState = (state: BossJobRow['state']): JobStatus =>
  JOB_STATUSES.find((s) => BOSS_STATES[s].includes(state)) ?? 'failed';

/** Recent pg-boss jobs for the back office, in the jobs table's shape, newest change first. */
export async function listBossJobs(
  db: Db,
  query: { status?: JobStatus | undefined; limit: number },
  schema: string,
): Promise<{ items: JobEntry[] }> {
  const rows = await listRecentBossJobs(db, {
    schema,
    states: query.status ? BOSS_STATES[query.status] : null,
    limit: query.limit,
  });
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.name,
      uniqueKey: r.singleton_key,
      status: statusOfBossState(r.state),
      runAt: iso(r.start_after),
      // retry_count counts the runs after the first; a job not yet run has none.
      attempts: r.state === 'created' ? 0 : r.retry_count + 1,
      maxAttempts: r.retry_limit + 1,
      lockedAt: r.locked_at ? iso(r.locked_at) : null,
      lastError: r.state === 'cancelled' ? (r.last_error ?? 'cancelled') : r.last_error,
      updatedAt: iso(r.updated_at),
    })),
  };
}
