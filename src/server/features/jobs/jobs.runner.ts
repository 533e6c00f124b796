import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { claimDueJobs, ensureRecurringJob, finishJob, type JobRow, renewClaim } from './jobs.repo.ts';
import { outcomeOf, recurringKey } from './jobs.service.ts';

/** One kind of job and how to run it. With `everyMs` it is a recurring task: one row, run once per period. */
export type JobHandler = {
  kind: string;
  everyMs?: number;
  /** A recurring task's attempts per period (then it waits for the next one). Default 5; one-off jobs set theirs in insertJob. */
  maxAttempts?: number;
  run: (job: JobRow) => Promise<unknown>;
};

export type JobRunnerOptions = {
  /** How often to look for due jobs. Default 1 s. */
  pollMs?: number;
  /** A claim older than this without renewal is a dead process's and is taken over. Default 60 s. */
  leaseMs?: number;
  /** Jobs this process runs at once. Default 4. */
  concurrency?: number;
  /** Names this runner in jobs.locked_by; default host:pid:random. */
  runnerId?: string;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
};

export type JobRunner = {
  runnerId: string;
  /** Claims what is due now and runs it; resolves when those runs have finished. Tests call it directly. */
  runDue: () => Promise<number>;
  /** Polls every pollMs until stopped. */
  start: () => void;
  /** Stops polling and waits for runs in progress. */
  stop: () => Promise<void>;
};

/**
 * Runs jobs from the jobs table in this process. Any number of processes may run one on the same
 * database: claims use FOR UPDATE SKIP LOCKED, so each due job runs in one of them; a running job's
 * claim is renewed every third of the lease, and a claim left to lapse is taken over by another.
 */
export function createJobRunner(db: Db, handlers: JobHandler[], options: JobRunnerOptions = {}): JobRunner {
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
      await handler.run(job);
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
