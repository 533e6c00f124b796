import type { FastifyBaseLogger } from 'fastify';
import type { JobList, JobListQuery } from '#shared/jobs.schemas.ts';

/**
 * The shapes of background work on either backend: a job, its handler, a runner and the queue
 * (jobs.queue.ts picks the backend; jobs.boss.ts and jobs.runner.ts implement it).
 */

/** One run of a job, as its handler sees it (the same on both backends). */
export type Job = {
  /** The jobs table's id on PGlite, pg-boss's uuid on PostgreSQL. */
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** When the job was due: a recurring task's period starts here. */
  runAt: Date;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
};

/** One kind of job and how to run it. With `everyMs` it is a recurring task: run once per period. */
export type JobHandler = {
  kind: string;
  everyMs?: number;
  /** A recurring task's attempts per period (then it waits for the next one). Default 5; one-off jobs set theirs in insertJob. */
  maxAttempts?: number;
  run: (job: Job) => Promise<unknown>;
};

export type JobRunnerOptions = {
  /** How often to look for due jobs. Default 1 s (pg-boss: at least 0.5 s). */
  pollMs?: number;
  /**
   * Jobs table: a running job not heard from for this long belongs to a dead process and is run
   * again. Default 60 s. (pg-boss: JobQueueOptions.leaseMs.)
   */
  leaseMs?: number;
  /** Jobs this process runs at once. Default 4. */
  concurrency?: number;
  /** Names this runner in jobs.locked_by (jobs table only); default host:pid:random. */
  runnerId?: string;
};

export type JobRunner = {
  runnerId: string;
  /** Claims what is due now and runs it; resolves when those runs have finished. Tests call it directly. */
  runDue: () => Promise<number>;
  /** Polls until stopped. */
  start: () => void;
  /** Stops polling and waits for runs in progress. */
  stop: () => Promise<void>;
};

type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Nothing is added while a job under this key exists (pg-boss: while its row is kept, 7 days). */
  uniqueKey?: string;
  delayMs?: number;
  /** Default 5. */
  maxAttempts?: number;
};

/** Background work shared by every server process on the database, on whichever backend it has. */
export type JobQueue = {
  backend: 'jobs-table' | 'pg-boss';
  /** Queues a one-off job; answers its id, or null when its unique key is taken. */
  insertJob: (job: NewJob) => Promise<string | null>;
  /** A runner for these kinds in this process (recurring tasks are scheduled when it first runs). */
  createRunner: (handlers: JobHandler[], options?: JobRunnerOptions) => JobRunner;
  /** Recent jobs for the back office, newest change first. */
  listJobs: (query: JobListQuery) => Promise<JobList>;
  /** Stops the queue's own connections (pg-boss); runners are stopped by their owners first. */
  close: () => Promise<void>;
};

export type JobQueueOptions = {
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /**
   * pg-boss: a running job whose heartbeat is older than this belongs to a dead process and is retried
   * (stored on each job when sent, so every process should agree). Default 60 s, at least 10 s.
   */
  leaseMs?: number;
  /** pg-boss: how often it looks for jobs whose process died (heartbeat lapsed). Default 10 s. */
  superviseIntervalSeconds?: number;
};
