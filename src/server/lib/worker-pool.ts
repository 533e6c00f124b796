import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A bounded pool of worker threads running one kind of job (docs/decisions/026-image-worker-pool.md).
 * At most `size` jobs run at once, each in its own worker; at most `maxQueue` wait; a job that runs
 * past `timeoutMs` is failed and its worker terminated and replaced, as is a worker that crashes.
 * Workers start on first use and do not keep the process alive.
 *
 * Fair by key (docs/decisions/039-fair-image-queue.md): jobs run with a `key` (an account) wait in
 * that key's own line; at most one job per key runs at once, at most `maxQueuedPerKey` wait per key,
 * and a free worker takes the head of the line whose key started a job least recently (a key not
 * seen lately first). So one key's backlog never delays another key's job: ahead of it are only the
 * jobs running and at most one job of each other key. When the queue is full, a key with fewer jobs waiting takes the place of the newest job
 * of the key with the most. Jobs without a key each have a line of their own (first come, first served).
 *
 * The worker script (serveJobs) says `{ ready: true }` once loaded, then answers each
 * `{ id, payload }` message with `{ id, ok: true, result }` or
 * `{ id, ok: false, error: { name, message, code? } }`. A job's time budget runs from when its
 * worker is ready, so a worker's start-up (loading TypeScript on a busy machine) is not charged to it.
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

type Slot = {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  threadId: number;
  /** The worker has loaded its script: a job's time budget runs from then, not from its start-up. */
  ready: boolean;
};

/** `{ ready: true }` once the worker serves jobs; then one reply per job. */
type Reply =
  | { ready: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: SerializedError };
type SerializedError = { message: string; code?: string };

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
  readonly #options: WorkerPoolOptions;
  readonly #slots: Slot[] = [];
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
    this.#options = options;
    this.size = options.size;
    this.maxQueue = options.maxQueue;
    this.maxQueuedPerKey = perKey;
    this.timeoutMs = options.timeoutMs;
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
      if (!line.running && line.waiting.length === 0) {
        const slot = this.#freeSlot();
        if (slot) {
          this.#lines.set(lineKey, line);
          this.#start(slot, job);
          return;
        }
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
      running: this.#slots.filter((s) => s.job).length,
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
    const slot: Slot = { worker, job: null, timer: null, threadId: worker.threadId, ready: false };
    // An idle worker must not keep the server (or a test run) from exiting.
    worker.unref();
    worker.on('message', (reply: Reply) => this.#onReply(slot, reply));
    worker.on('error', (err) => this.#onDeath(slot, err));
    worker.on('exit', (code) => this.#onDeath(slot, new Error(`worker exited with code ${code}`)));
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, job: Job): void {
    this.#lines.get(this.#lineKey(job))!.running = true;
    if (job.key !== null) {
      // Re-inserted so the map stays oldest turn first; the oldest are forgotten past the cap.
      this.#lastTurn.delete(job.key);
      this.#lastTurn.set(job.key, ++this.#turn);
      if (this.#lastTurn.size > REMEMBERED_KEYS) this.#lastTurn.delete(this.#lastTurn.keys().next().value!);
    }
    slot.job = job;
    slot.worker.ref();
    // A worker still loading gets longer, so one that never comes up still fails its job.
    this.#startTimer(slot, slot.ready ? this.timeoutMs : this.timeoutMs + STARTUP_GRACE_MS);
    slot.worker.postMessage({ id: job.id, payload: job.payload });
  }

  #finish(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job) {
      this.#stats.completed++;
      const lineKey = this.#lineKey(job);
      const line = this.#lines.get(lineKey);
      if (line) {
        line.running = false;
        if (line.waiting.length === 0) this.#lines.delete(lineKey);
      }
    }
    return job;
  }

  #startTimer(slot: Slot, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.#onTimeout(slot), ms);
  }

  #onReply(slot: Slot, reply: Reply): void {
    if ('ready' in reply) {
      slot.ready = true;
      if (slot.job) this.#startTimer(slot, this.timeoutMs);
      return;
    }
    if (!slot.job || reply.id !== slot.job.id) return;
    this.#threadIds.add(slot.threadId);
    const job = this.#finish(slot)!;
    slot.worker.unref();
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new WorkerJobError(reply.error.message, reply.error.code));
    this.#drain();
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
    while (!this.#closed) {
      const job = this.#nextJob();
      if (!job) return;
      const slot = this.#freeSlot();
      if (!slot) return;
      this.#lines.get(this.#lineKey(job))!.waiting.shift();
      this.#queued--;
      this.#start(slot, job);
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
  port.postMessage({ ready: true });
}
