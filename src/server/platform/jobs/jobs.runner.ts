import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  claimDueJobs,
  ensureRecurringJob,
  finishJob,
  insertJob,
  type JobRow,
  renewClaim,
} from './jobs.repo.ts';
import { listJobs, outcomeOf, recurringKey } from './jobs.service.ts';
import type { Job, JobHandler, JobQueue, JobRunner, JobRunnerOptions } from './jobs.types.ts';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** The jobs table as the job queue (PGlite; docs/decisions/025): runners in this process, no connections of its own. */
export function createTableJobQueue(db: Db, options: { log?: Log } = {}): JobQueue {
  return {
    backend: 'jobs-table',
    insertJob: async (job) => {
      const id = await insertJob(db, job);
      return id === null ? null : String(id);
    },
    createRunner: (handlers, runnerOptions) =>
      createTableJobRunner(db, handlers, { log: options.log, ...runnerOptions }),
    listJobs: (query) => listJobs(db, query),
    close: async () => {},
  };
}

const jobOf = (row: JobRow): Job => ({
  id: String(row.id),
  kind: row.kind,
  payload: row.payload,
  runAt: row.runAt,
  attempt: row.attempts,
});

/**
 * Runs jobs from the jobs table in this process. Any number of processes may run one on the same
 * database: claims use FOR UPDATE SKIP LOCKED, so each due job runs in one of them; a running job's
 * claim is renewed every third of the lease, and a claim left to lapse is taken over by another.
 */
export function createTableJobRunner(
  db: Db,
  handlers: JobHandler[],
  options: JobRunnerOptions & { log?: Log | undefined } = {},
): JobRunner {
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const runnerId =
    options.runnerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const byKind = new Map(handlers.map((h) => [h.kind, h]));
  const kinds = [...byKind.keys()];
  const running = new Set<Promise<void>>();
  let scheduled: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const ensureScheduled = () =>
    (scheduled ??= (async () => {
      for (const h of handlers) {
        if (h.everyMs === undefined) continue;
        await ensureRecurringJob(db, {
          kind: h.kind,
          uniqueKey: recurringKey(h.kind),
          maxAttempts: h.maxAttempts ?? 5,
        });
      }
    })().catch((err: unknown) => {
      scheduled = null;
      throw err;
    }));

  async function runOne(job: JobRow): Promise<void> {
    const handler = byKind.get(job.kind)!;
    const renew = setInterval(
      () =>
        void renewClaim(db, job.id, runnerId).catch((err: unknown) =>
          options.log?.warn({ err, jobId: job.id }, 'could not renew a job claim'),
        ),
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    let error: unknown = undefined;
    try {
      await handler.run(jobOf(job));
    } catch (err) {
      error = err ?? new Error('job failed');
      options.log?.error({ err, job: job.kind, jobId: job.id, attempt: job.attempts }, 'job failed');
    } finally {
      clearInterval(renew);
    }
    const applied = await finishJob(db, job.id, runnerId, outcomeOf(job, handler.everyMs, error));
    if (!applied)
      options.log?.warn({ job: job.kind, jobId: job.id }, 'job claim was taken over before it finished');
  }

  /** Claims what is due (up to the free slots) and starts it; answers the runs started. */
  async function claimAndStart(): Promise<Promise<void>[]> {
    if (stopped) return [];
    await ensureScheduled();
    const claimed = await claimDueJobs(db, { kinds, runnerId, leaseMs, limit: concurrency - running.size });
    return claimed.map((job) => {
      const p: Promise<void> = runOne(job)
        .catch((err: unknown) => options.log?.error({ err, jobId: job.id }, 'could not record a job result'))
        .finally(() => running.delete(p));
      running.add(p);
      return p;
    });
  }

  async function runDue(): Promise<number> {
    const runs = await claimAndStart();
    await Promise.all(runs);
    return runs.length;
  }

  let polling: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    // Claiming does not wait for runs in progress: a slow job does not hold back the others.
    polling = claimAndStart()
      .catch((err: unknown) => options.log?.error({ err }, 'could not claim jobs'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };

  return {
    runnerId,
    runDue,
    start: tick,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A claim in flight may still start runs: wait for it, then for every run.
      await polling;
      await Promise.allSettled([...running]);
    },
  };
}
