import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A bounded pool of worker threads running one kind of job (docs/decisions/026-image-worker-pool.md).
 * At most `size` jobs run at once, each in its own worker; at most `maxQueue` wait; a job that runs
 * past `timeoutMs` is failed and its worker terminated and replaced, as is a worker that crashes.
 * Workers start on first use and do not keep the process alive.
 *
 * The worker script answers each `{ id, payload }` message with `{ id, ok: true, result }` or
 * `{ id, ok: false, error: { name, message, code? } }`.
 */
export type WorkerPoolOptions = {
  /** The worker script (a module URL). */
  script: URL;
  size: number;
  maxQueue: number;
  timeoutMs: number;
  /** Passed to every worker as `workerData`. */
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
};

/** The queue is full: the caller should come back later (503). */
export class PoolBusyError extends Error {
  override readonly name = 'PoolBusyError';
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
  payload: unknown;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
};

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null; threadId: number };

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
type SerializedError = { message: string; code?: string };

export type WorkerPoolStats = {
  /** Jobs running in a worker now. */
  running: number;
  /** Jobs waiting for a free worker. */
  queued: number;
  /** Jobs finished (either way) since the pool started. */
  completed: number;
  timedOut: number;
  crashed: number;
  rejectedBusy: number;
  /** Worker threads started so far (replacements included). */
  workersStarted: number;
  /** The thread ids that ran at least one job (never the main thread's 0). */
  threadIds: number[];
};

export class WorkerPool<Payload, Result> {
  readonly size: number;
  readonly maxQueue: number;
  readonly timeoutMs: number;
  readonly #options: WorkerPoolOptions;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  readonly #threadIds = new Set<number>();
  #nextId = 1;
  #closed = false;
  #stats = { completed: 0, timedOut: 0, crashed: 0, rejectedBusy: 0, workersStarted: 0 };

  constructor(options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error('pool size must be ≥ 1');
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) throw new Error('maxQueue must be ≥ 0');
    this.#options = options;
    this.size = options.size;
    this.maxQueue = options.maxQueue;
    this.timeoutMs = options.timeoutMs;
  }

  /** Runs one job in a worker; rejects at once with PoolBusyError when every worker and queue slot is taken. */
  run(payload: Payload): Promise<Result> {
    if (this.#closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<Result>((resolve, reject) => {
      const job: Job = { id: this.#nextId++, payload, resolve: resolve as (v: unknown) => void, reject };
      const slot = this.#freeSlot();
      if (slot) {
        this.#start(slot, job);
        return;
      }
      if (this.#queue.length >= this.maxQueue) {
        this.#stats.rejectedBusy++;
        reject(new PoolBusyError('every image worker is busy and the queue is full'));
        return;
      }
      this.#queue.push(job);
    });
  }

  stats(): WorkerPoolStats {
    return {
      running: this.#slots.filter((s) => s.job).length,
      queued: this.#queue.length,
      ...this.#stats,
      threadIds: [...this.#threadIds],
    };
  }

  /** Fails queued and running jobs and terminates every worker. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('worker pool closed'));
    const slots = this.#slots.splice(0);
    await Promise.all(
      slots.map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new Error('worker pool closed'));
        slot.job = null;
        await slot.worker.terminate();
      }),
    );
  }

  #freeSlot(): Slot | null {
    const idle = this.#slots.find((s) => !s.job);
    if (idle) return idle;
    if (this.#slots.length < this.size) return this.#spawn();
    return null;
  }

  #spawn(): Slot {
    const worker = new Worker(this.#options.script, {
      workerData: this.#options.workerData,
      resourceLimits: this.#options.resourceLimits,
    });
    this.#stats.workersStarted++;
    const slot: Slot = { worker, job: null, timer: null, threadId: worker.threadId };
    // An idle worker must not keep the server (or a test run) from exiting.
    worker.unref();
    worker.on('message', (reply: Reply) => this.#onReply(slot, reply));
    worker.on('error', (err) => this.#onDeath(slot, err));
    worker.on('exit', (code) => this.#onDeath(slot, new Error(`worker exited with code ${code}`)));
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.#onTimeout(slot), this.timeoutMs);
    slot.worker.postMessage({ id: job.id, payload: job.payload });
  }

  #finish(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job) this.#stats.completed++;
    return job;
  }

  #onReply(slot: Slot, reply: Reply): void {
    if (!slot.job || reply.id !== slot.job.id) return;
    this.#threadIds.add(slot.threadId);
    const job = this.#finish(slot)!;
    slot.worker.unref();
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new WorkerJobError(reply.error.message, reply.error.code));
    this.#next(slot);
  }

  #onTimeout(slot: Slot): void {
    const job = this.#finish(slot);
    this.#stats.timedOut++;
    this.#retire(slot);
    job?.reject(new PoolTimeoutError(`the job ran longer than ${this.timeoutMs} ms`));
    this.#drain();
  }

  #onDeath(slot: Slot, err: Error): void {
    if (!this.#slots.includes(slot)) return; // already retired (timeout, close)
    const job = this.#finish(slot);
    this.#retire(slot);
    if (job) {
      this.#stats.crashed++;
      job.reject(new WorkerCrashedError(`the worker died: ${err.message}`));
    }
    this.#drain();
  }

  /** Takes a worker out of the pool for good; a replacement starts when a job needs one. */
  #retire(slot: Slot): void {
    const i = this.#slots.indexOf(slot);
    if (i >= 0) this.#slots.splice(i, 1);
    slot.worker.removeAllListeners('message');
    // Listeners stay for 'error'/'exit' (now no-ops) so a late error is never unhandled.
    void slot.worker.terminate().catch(() => undefined);
  }

  #next(slot: Slot): void {
    const job = this.#queue.shift();
    if (job) this.#start(slot, job);
  }

  #drain(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const slot = this.#freeSlot();
      if (!slot) return;
      this.#start(slot, this.#queue.shift()!);
    }
  }
}

/**
 * The worker side: answers each job with `handler`'s result, or with its error's message and `code`
 * (an AppError's code survives the trip this way; class instances do not).
 */
export function serveJobs<Payload, Result>(handler: (payload: Payload) => Promise<Result>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs only inside a worker thread');
  port.on('message', (message: { id: number; payload: Payload }) => {
    handler(message.payload).then(
      (result) => port.postMessage({ id: message.id, ok: true, result }),
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        const code = (error as { code?: unknown }).code;
        port.postMessage({
          id: message.id,
          ok: false,
          error: { message: error.message, ...(typeof code === 'string' ? { code } : {}) },
        });
      },
    );
  });
}
