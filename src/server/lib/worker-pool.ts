import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';

/**
 * A bounded pool of worker threads running one kind of job (docs/decisions/026-image-worker-pool.md),
 * on piscina (docs/decisions/051-kept-libraries-on-the-server.md): piscina starts, replaces and
 * terminates the threads; this class keeps, in front of it, the fair queue piscina does not have.
 * At most `size` jobs run at once, each in its own worker; at most `maxQueue` wait; a job that runs
 * past `timeoutMs` is failed and its worker terminated (piscina aborts it), as is a worker that
 * crashes; the next job gets a new one. Workers start on first use and do not keep the process alive.
 *
 * Fair by key (docs/decisions/039-fair-image-queue.md): jobs run with a `key` (an account) wait in
 * that key's own line; at most one job per key runs at once, at most `maxQueuedPerKey` wait per key,
 * and a free worker takes the head of the line whose key started a job least recently (a key not
 * seen lately first). So one key's backlog never delays another key's job: ahead of it are only the
 * jobs running and at most one job of each other key. When the queue is full, a key with fewer jobs
 * waiting takes the place of the newest job of the key with the most. Jobs without a key each have a
 * line of their own (first come, first served). Jobs are handed to piscina only when a worker is
 * free for them, so piscina's own first-come queue never holds more than a worker starting up.
 *
 * The worker script's default export is `jobHandler(handler)`: it answers with an envelope, as the
 * structured clone between threads keeps an Error's message but drops its `code`.
 */
export type WorkerPoolOptions = {
  /** The worker script (a module URL) whose default export is `jobHandler(…)`. */
  script: URL;
  size: number;
  maxQueue: number;
  timeoutMs: number;
  /** Passed to every worker as `workerData`. */
  workerData?: unknown;
  resourceLimits?: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number };
  /** Jobs one key may have waiting (besides the one running); past it, PoolKeyBusyError. */
  maxQueuedPerKey?: number;
};

export type RunOptions = {
  /** Whose job this is (an account): one runs at a time per key, and keys take turns. */
  key?: string;
};

/** The queue is full: the caller should come back later (503). */
export class PoolBusyError extends Error {
  override readonly name = 'PoolBusyError';
}
/** This key already has `maxQueuedPerKey` jobs waiting: it should wait for them (429). */
export class PoolKeyBusyError extends Error {
  override readonly name = 'PoolKeyBusyError';
}
/** The job ran past its time budget; its worker was terminated. */
export class PoolTimeoutError extends Error {
  override readonly name = 'PoolTimeoutError';
}
/** The worker died (uncaught error, out of memory, exit) while running the job. */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError';
}
/** The job failed in the worker with an error it reported; `code` is the worker's own. */
export class WorkerJobError extends Error {
  override readonly name = 'WorkerJobError';
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}

type Job = {
  id: number;
  /** The line it waits in; `null` for a job run without a key (a line of its own). */
  key: string | null;
  payload: unknown;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
};

/** One key's jobs: those waiting, first come first, and whether one is running. */
type Line = { waiting: Job[]; running: boolean };

/** A job handed to piscina: aborted (its worker terminated) when its time runs out. */
type Running = { job: Job; abort: AbortController; timer: NodeJS.Timeout | null };

/** What a worker answers (jobHandler): the result, or the error's message and code. */
type Envelope =
  | { ok: true; result: unknown; threadId: number }
  | { ok: false; error: { message: string; code?: string }; threadId: number };

export type WorkerPoolStats = {
  /** Jobs running in a worker now. */
  running: number;
  /** Jobs waiting for a free worker. */
  queued: number;
  /** Keys with a job running or waiting. */
  keys: number;
  /** Jobs finished (either way) since the pool started. */
  completed: number;
  timedOut: number;
  crashed: number;
  rejectedBusy: number;
  /** Jobs refused because their key had `maxQueuedPerKey` waiting. */
  rejectedKeyBusy: number;
  /** Worker threads started so far (replacements included). */
  workersStarted: number;
  /** The thread ids that ran at least one job (never the main thread's 0). */
  threadIds: number[];
};

/** How long a worker may take to load its script before its first job's budget starts anyway. */
const STARTUP_GRACE_MS = 30_000;
/** How many keys' last turns are remembered (a key not remembered counts as not seen lately). */
const REMEMBERED_KEYS = 10_000;

export class WorkerPool<Payload, Result> {
  readonly size: number;
  readonly maxQueue: number;
  readonly maxQueuedPerKey: number;
  readonly timeoutMs: number;
  readonly #piscina: Piscina;
  readonly #running = new Set<Running>();
  /** Jobs handed over while no worker was ready: their budget starts when one is (FIFO). */
  readonly #awaitingWorker: Running[] = [];
  /** The lines of keys with a job running or waiting (a line is dropped when it empties). */
  readonly #lines = new Map<string, Line>();
  /** The turn at which each key last started a job, oldest first (insertion order). */
  readonly #lastTurn = new Map<string, number>();
  readonly #threadIds = new Set<number>();
  #queued = 0;
  #turn = 0;
  #nextId = 1;
  #closed = false;
  #stats = {
    completed: 0,
    timedOut: 0,
    crashed: 0,
    rejectedBusy: 0,
    rejectedKeyBusy: 0,
    workersStarted: 0,
  };

  constructor(options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error('pool size must be ≥ 1');
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) throw new Error('maxQueue must be ≥ 0');
    const perKey = options.maxQueuedPerKey ?? Number.POSITIVE_INFINITY;
    if (!(perKey >= 0)) throw new Error('maxQueuedPerKey must be ≥ 0');
    this.size = options.size;
    this.maxQueue = options.maxQueue;
    this.maxQueuedPerKey = perKey;
    this.timeoutMs = options.timeoutMs;
    this.#piscina = new Piscina({
      filename: options.script.href,
      // Threads start on first use and stay (loading sharp is not free); a dead one is replaced
      // when the next job needs it.
      minThreads: 0,
      maxThreads: options.size,
      idleTimeout: Number.POSITIVE_INFINITY,
      // The fair queue below waits; piscina only holds a job while its worker starts.
      maxQueue: options.size,
      workerData: options.workerData,
      resourceLimits: options.resourceLimits,
    });
    // A worker that fails with no job (while idle) has nobody to tell; the next job gets a new one.
    this.#piscina.on('error', () => undefined);
    this.#piscina.on('workerCreate', () => {
      this.#stats.workersStarted++;
      // The worker has loaded its script: the job that waited for it now gets its plain budget.
      const waiting = this.#awaitingWorker.shift();
      if (waiting && this.#running.has(waiting)) this.#startTimer(waiting, this.timeoutMs);
    });
  }

  /**
   * Runs one job in a worker. Rejects at once with PoolKeyBusyError when its key has
   * `maxQueuedPerKey` jobs waiting, and with PoolBusyError when the queue is full (and no other key
   * has more jobs waiting than this one would).
   */
  run(payload: Payload, options: RunOptions = {}): Promise<Result> {
    if (this.#closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<Result>((resolve, reject) => {
      const id = this.#nextId++;
      const job: Job = {
        id,
        key: options.key ?? null,
        payload,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      const lineKey = this.#lineKey(job);
      const line = this.#lines.get(lineKey) ?? { waiting: [], running: false };
      // Nothing of this key's ahead of it: it may start now. (A free worker means no line could start.)
      if (!line.running && line.waiting.length === 0 && this.#running.size < this.size) {
        this.#lines.set(lineKey, line);
        this.#start(job);
        return;
      }
      if (line.waiting.length >= this.maxQueuedPerKey) {
        this.#stats.rejectedKeyBusy++;
        reject(new PoolKeyBusyError('this key has as many jobs waiting as it may'));
        return;
      }
      if (this.#queued >= this.maxQueue && !this.#shedFor(line)) {
        this.#stats.rejectedBusy++;
        reject(new PoolBusyError('every image worker is busy and the queue is full'));
        return;
      }
      this.#lines.set(lineKey, line);
      line.waiting.push(job);
      this.#queued++;
    });
  }

  stats(): WorkerPoolStats {
    return {
      running: this.#running.size,
      queued: this.#queued,
      keys: this.#lines.size,
      ...this.#stats,
      threadIds: [...this.#threadIds],
    };
  }

  /** Fails queued and running jobs and terminates every worker. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const line of this.#lines.values()) {
      for (const job of line.waiting.splice(0)) job.reject(new Error('worker pool closed'));
    }
    this.#lines.clear();
    this.#queued = 0;
    for (const running of this.#running) {
      if (running.timer) clearTimeout(running.timer);
      running.job.reject(new Error('worker pool closed'));
    }
    this.#running.clear();
    await this.#piscina.destroy();
  }

  #lineKey(job: Job): string {
    // Jobs without a key never share a line (a key given by a caller never starts with a NUL).
    return job.key ?? `\0${job.id}`;
  }

  /**
   * The queue is full: makes room for a job of `line` by refusing (503) the newest job of the key
   * with the most waiting, if that key has at least two more waiting than `line`; else false.
   */
  #shedFor(line: Line): boolean {
    let longest: Line | null = null;
    for (const other of this.#lines.values()) {
      if (!longest || other.waiting.length > longest.waiting.length) longest = other;
    }
    if (!longest || longest === line || longest.waiting.length < line.waiting.length + 2) return false;
    const shed = longest.waiting.pop()!;
    this.#queued--;
    this.#stats.rejectedBusy++;
    shed.reject(new PoolBusyError('every image worker is busy and the queue is full'));
    return true;
  }

  /** Hands a job to piscina; a worker is free for it (or starting). */
  #start(job: Job): void {
    this.#lines.get(this.#lineKey(job))!.running = true;
    if (job.key !== null) {
      // Re-inserted so the map stays oldest turn first; the oldest are forgotten past the cap.
      this.#lastTurn.delete(job.key);
      this.#lastTurn.set(job.key, ++this.#turn);
      if (this.#lastTurn.size > REMEMBERED_KEYS) this.#lastTurn.delete(this.#lastTurn.keys().next().value!);
    }
    const abort = new AbortController();
    const running: Running = { job, abort, timer: null };
    this.#running.add(running);
    // A job that waits for a worker to start gets longer, so one that never comes up still fails it.
    if (this.#piscina.idleThreads > 0) this.#startTimer(running, this.timeoutMs);
    else {
      this.#startTimer(running, this.timeoutMs + STARTUP_GRACE_MS);
      this.#awaitingWorker.push(running);
    }
    this.#piscina.run(job.payload, { signal: abort.signal }).then(
      (envelope: Envelope) => {
        if (!this.#finish(running)) return;
        this.#threadIds.add(envelope.threadId);
        if (envelope.ok) job.resolve(envelope.result);
        else job.reject(new WorkerJobError(envelope.error.message, envelope.error.code));
        this.#drain();
      },
      (err: Error) => {
        if (!this.#finish(running)) return; // timed out (already failed) or closed
        this.#stats.crashed++;
        // The worker died on this job (piscina has dropped it; the next job gets a new one).
        job.reject(new WorkerCrashedError(`the worker died: ${err.message}`));
        this.#drain();
      },
    );
  }

  #startTimer(running: Running, ms: number): void {
    if (running.timer) clearTimeout(running.timer);
    running.timer = setTimeout(() => {
      if (!this.#finish(running)) return;
      this.#stats.timedOut++;
      // piscina terminates the worker running an aborted job.
      running.abort.abort();
      running.job.reject(new PoolTimeoutError(`the job ran longer than ${this.timeoutMs} ms`));
      this.#drain();
    }, ms);
  }

  /** Ends a running job's turn; false when it already ended (timed out, pool closed). */
  #finish(running: Running): boolean {
    if (!this.#running.delete(running)) return false;
    if (running.timer) clearTimeout(running.timer);
    const i = this.#awaitingWorker.indexOf(running);
    if (i >= 0) this.#awaitingWorker.splice(i, 1);
    this.#stats.completed++;
    const lineKey = this.#lineKey(running.job);
    const line = this.#lines.get(lineKey);
    if (line) {
      line.running = false;
      if (line.waiting.length === 0) this.#lines.delete(lineKey);
    }
    return true;
  }

  /**
   * The next job to run: the head of the line, among keys with nothing running, whose key started a
   * job least recently (a key not remembered first; then the job that came first).
   */
  #nextJob(): Job | null {
    let best: { job: Job; turn: number } | null = null;
    for (const line of this.#lines.values()) {
      const head = line.waiting[0];
      if (line.running || !head) continue;
      const turn = head.key === null ? 0 : (this.#lastTurn.get(head.key) ?? 0);
      if (!best || turn < best.turn || (turn === best.turn && head.id < best.job.id))
        best = { job: head, turn };
    }
    return best?.job ?? null;
  }

  /** Starts waiting jobs while workers are free. */
  #drain(): void {
    while (!this.#closed && this.#running.size < this.size) {
      const job = this.#nextJob();
      if (!job) return;
      this.#lines.get(this.#lineKey(job))!.waiting.shift();
      this.#queued--;
      this.#start(job);
    }
  }
}

/**
 * The worker side, the script's default export: answers with `handler`'s result, or with its
 * error's message and `code` (an AppError's code survives the trip this way; class instances and
 * an Error's own properties do not).
 */
export function jobHandler<Payload, Result>(
  handler: (payload: Payload) => Promise<Result>,
): (payload: Payload) => Promise<Envelope> {
  return async (payload) => {
    try {
      return { ok: true, result: await handler(payload), threadId };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        error: { message: error.message, ...(typeof code === 'string' ? { code } : {}) },
        threadId,
      };
    }
  };
}
