import crypto from 'node:crypto';
import os from 'node:os';
import { PgBoss, type JobWithMetadata, type Queue, type WorkOptions } from 'pg-boss';
import type { Database } from '#server/db/client.ts';
import { listBossJobs, RETRY_BASE_MS, RETRY_MAX_MS, recurringKey } from './jobs.service.ts';
import type {
  Job,
  JobHandler,
  JobQueue,
  JobQueueOptions,
  JobRunner,
  JobRunnerOptions,
} from './jobs.types.ts';

/** pg-boss's own schema: created by its first start on a database, migrated by later versions. */
const BOSS_SCHEMA = 'pgboss';
/** Connections pg-boss keeps besides the app's pool: polling, supervision and settling jobs. */
const BOSS_POOL_MAX = 4;
const DEFAULT_MAX_ATTEMPTS = 5;
const RECURRING_KEPT_S = 24 * 60 * 60;
/** A runner that could not start (database down) tries again after this long. */
const RESTART_MS = 5_000;

type BossJob = JobWithMetadata<Record<string, unknown>>;

/** A uuid derived from a one-off job's unique key: pg-boss keeps one job per id, so a second send is refused. */
function idOfKey(kind: string, key: string): string {
  const h = crypto.createHash('sha256').update(`${kind}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A queue's retries: 5 s doubling, each wait up to as long again at random (pg-boss's jitter), at most
 * 10 minutes, a recurring task's never later than its period. Heartbeats let supervision hand a dead
 * process's job to another.
 */
function queueOptions(
  handler: Pick<JobHandler, 'everyMs' | 'maxAttempts'>,
  leaseMs: number,
): Omit<Queue, 'name'> {
  const maxDelayS = Math.max(1, Math.ceil(Math.min(RETRY_MAX_MS, handler.everyMs ?? RETRY_MAX_MS) / 1000));
  return {
    // A recurring task's next period is queued while the current one runs (one job per state).
    policy: handler.everyMs === undefined ? 'standard' : 'stately',
    retryLimit: (handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) - 1,
    retryBackoff: true,
    retryDelay: Math.min(RETRY_BASE_MS / 1000, maxDelayS),
    retryDelayMax: maxDelayS,
    heartbeatSeconds: Math.max(10, Math.round(leaseMs / 1000)),
    // A recurring task leaves a row per run: a day of them is history enough (pg-boss keeps 7 days).
    ...(handler.everyMs === undefined ? {} : { deleteAfterSeconds: RECURRING_KEPT_S }),
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 1000);
}

const jobOf = (job: BossJob): Job => ({
  id: job.id,
  kind: job.name,
  payload: job.data ?? {},
  runAt: job.startAfter,
  attempt: job.retryCount + 1,
});

/**
 * Jobs on pg-boss (PostgreSQL; docs/decisions/031-jobs-on-pg-boss.md). Each kind is a pg-boss queue.
 * A recurring task is one job under the singleton key `recurring:<kind>` on a `stately` queue: when a
 * run starts it queues the next period's job, so whichever process fetches it, each period runs once.
 */
export function createBossJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const log = options.log;
  // The lease is the queues' (heartbeats are stored on each job when it is sent), so one for all.
  const leaseMs = options.leaseMs ?? 60_000;
  let started: Promise<PgBoss> | null = null;
  const queues = new Map<string, Promise<void>>();

  const boss = () =>
    (started ??= (async () => {
      const instance = new PgBoss({
        connectionString: database.url,
        schema: BOSS_SCHEMA,
        max: BOSS_POOL_MAX,
        application_name: 'artchip-jobs',
        // Our recurring tasks reschedule themselves; pg-boss's cron scheduler would only poll.
        schedule: false,
        // Supervision fails (to retry) the jobs whose heartbeat lapsed, per queue once a monitor interval.
        superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
        monitorIntervalSeconds: options.superviseIntervalSeconds ?? 10,
        registerInstance: false,
      });
      instance.on('error', (err) => log?.error({ err }, 'pg-boss error'));
      instance.on('warning', (warning) => log?.warn({ warning }, 'pg-boss warning'));
      await instance.start();
      return instance;
    })().catch((err: unknown) => {
      started = null;
      throw err;
    }));

  /**
   * Creates the kind's queue; a runner (which knows the kind) also brings an existing queue's retry
   * settings up to date, a sender leaves them as they are.
   */
  const ensureQueue = (name: string, settings: Omit<Queue, 'name'>, update: boolean) => {
    const key = `${name}:${update}`;
    let ready = queues.get(key);
    if (!ready) {
      ready = (async () => {
        const b = await boss();
        const existing = await b.getQueue(name);
        if (!existing) await b.createQueue(name, settings);
        else if (update) {
          const { policy, ...rest } = settings;
          // pg-boss cannot change a queue's policy: a kind first sent one-off, then made recurring, says so.
          if (existing.policy !== policy)
            log?.warn(
              { queue: name, policy: existing.policy, wanted: policy },
              'job queue has another policy',
            );
          await b.updateQueue(name, rest);
        }
      })();
      ready.catch(() => queues.delete(key));
      queues.set(key, ready);
    }
    return ready;
  };

  function createRunner(handlers: JobHandler[], runnerOptions: JobRunnerOptions = {}): JobRunner {
    const pollSeconds = Math.max(0.5, (runnerOptions.pollMs ?? 1_000) / 1000);
    const concurrency = runnerOptions.concurrency ?? 4;
    const runnerId =
      runnerOptions.runnerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    const byKind = new Map(handlers.map((h) => [h.kind, h]));
    const running = new Set<Promise<void>>();
    const workers: { kind: string; id: string }[] = [];
    let prepared: Promise<PgBoss> | null = null;
    let stopped = false;

    /** Queues exist and every recurring task has its job (due now when it had none queued). */
    const prepare = () =>
      (prepared ??= (async () => {
        const b = await boss();
        for (const h of handlers) {
          await ensureQueue(h.kind, queueOptions(h, leaseMs), true);
          // The first run has a fixed id: a process starting while another already runs that first
          // job (active, so the stately queue would take a new one) cannot queue it a second time.
          if (h.everyMs !== undefined) {
            const singletonKey = recurringKey(h.kind);
            await b.send(h.kind, {}, { id: idOfKey(h.kind, `${singletonKey}:first`), singletonKey });
          }
        }
        return b;
      })().catch((err: unknown) => {
        prepared = null;
        throw err;
      }));

    /** A recurring run first queues the next period's job; refused (null) while one is already queued. */
    async function beforeRun(b: PgBoss, job: BossJob): Promise<JobHandler> {
      const handler = byKind.get(job.name)!;
      if (handler.everyMs !== undefined) {
        await b.send(
          job.name,
          {},
          { singletonKey: recurringKey(job.name), startAfter: handler.everyMs / 1000 },
        );
      }
      return handler;
    }

    /** Runs one fetched job and settles it (work() settles its own; runDue fetches by hand). */
    async function runFetched(b: PgBoss, job: BossJob): Promise<void> {
      const attempt = { id: job.id, retryCount: job.retryCount };
      const touch = setInterval(
        () =>
          void b
            .touch(job.name, attempt)
            .catch((err: unknown) => log?.warn({ err, jobId: job.id }, 'could not renew a job heartbeat')),
        Math.max(1_000, Math.floor((job.heartbeatSeconds ?? 10) * 500)),
      );
      try {
        const handler = await beforeRun(b, job);
        await handler.run(jobOf(job));
        await b.complete(job.name, attempt);
      } catch (err) {
        log?.error({ err, job: job.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
        await b.fail(job.name, attempt, { message: describeError(err) });
      } finally {
        clearInterval(touch);
      }
    }

    async function runDue(): Promise<number> {
      if (stopped) return 0;
      const b = await prepare();
      const runs: Promise<void>[] = [];
      for (const kind of byKind.keys()) {
        const free = concurrency - running.size - runs.length;
        if (free <= 0) break;
        const jobs = await b.fetch<Record<string, unknown>>(kind, { batchSize: free, includeMetadata: true });
        for (const job of jobs) {
          const p: Promise<void> = runFetched(b, job)
            .catch((err: unknown) => log?.error({ err, jobId: job.id }, 'could not record a job result'))
            .finally(() => running.delete(p));
          running.add(p);
          runs.push(p);
        }
      }
      await Promise.all(runs);
      return runs.length;
    }

    let starting: Promise<unknown> = Promise.resolve();
    let retryTimer: NodeJS.Timeout | null = null;
    const start = () => {
      starting = (async () => {
        const b = await prepare();
        for (const [kind, handler] of byKind) {
          if (stopped) return;
          if (workers.some((w) => w.kind === kind)) continue;
          const id = await b.work<Record<string, unknown>, unknown, { includeMetadata: true } & WorkOptions>(
            kind,
            {
              includeMetadata: true,
              batchSize: 1,
              pollingIntervalSeconds: pollSeconds,
              // A recurring task's queue runs one job at a time anyway (stately).
              localConcurrency: handler.everyMs === undefined ? concurrency : 1,
            },
            async ([job]) => {
              if (!job) return;
              await beforeRun(b, job);
              try {
                await handler.run(jobOf(job));
              } catch (err) {
                log?.error({ err, job: kind, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
                // pg-boss records what the handler threw as the job's output; lastError reads its message.
                throw err instanceof Error ? err : new Error(describeError(err));
              }
            },
          );
          workers.push({ kind, id });
        }
      })().catch((err: unknown) => {
        // The database may be down or pg-boss's schema not installable yet: try again, as polling would.
        log?.error({ err }, 'could not start the job workers');
        if (!stopped) retryTimer = setTimeout(start, RESTART_MS);
      });
    };

    return {
      runnerId,
      runDue,
      start,
      stop: async () => {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        await starting;
        if (started && workers.length > 0) {
          const b = await started;
          // offWork waits for the handlers in progress.
          await Promise.all(workers.map((w) => b.offWork(w.kind, { id: w.id, wait: true })));
        }
        await Promise.allSettled([...running]);
      },
    };
  }

  return {
    backend: 'pg-boss',
    insertJob: async (job) => {
      await ensureQueue(job.kind, queueOptions({}, leaseMs), false);
      const b = await boss();
      return b.send(job.kind, job.payload ?? {}, {
        ...(job.uniqueKey ? { id: idOfKey(job.kind, job.uniqueKey), singletonKey: job.uniqueKey } : {}),
        ...(job.delayMs ? { startAfter: job.delayMs / 1000 } : {}),
        retryLimit: (job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) - 1,
      });
    },
    createRunner,
    listJobs: (query) => listBossJobs(database.db, query, BOSS_SCHEMA),
    close: async () => {
      if (!started) return;
      const b = await started.catch(() => null);
      started = null;
      await b?.stop({ graceful: true, timeout: 20_000 });
    },
  };
}
