import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PoolBusyError,
  PoolKeyBusyError,
  PoolTimeoutError,
  WorkerCrashedError,
  WorkerJobError,
  WorkerPool,
} from './worker-pool.ts';
import type { FixtureJob } from './worker-pool.fixture-worker.ts';

type Result = { value: number | undefined; threadId: number };
const pools: WorkerPool<FixtureJob, Result>[] = [];

/**
 * A pool over the fixture worker, with shared counters: [0] running, [1] most at once, [2] gate,
 * [3] the workers' start-up time in ms.
 */
function makePool(options: {
  size: number;
  maxQueue: number;
  timeoutMs?: number;
  maxQueuedPerKey?: number;
  startupMs?: number;
}) {
  const { startupMs = 0, ...poolOptions } = options;
  const shared = new Int32Array(new SharedArrayBuffer(4 * 4));
  shared[3] = startupMs;
  const pool = new WorkerPool<FixtureJob, Result>({
    script: new URL('./worker-pool.fixture-worker.ts', import.meta.url),
    timeoutMs: 30_000,
    ...poolOptions,
    workerData: shared,
  });
  pools.push(pool);
  const openGate = () => {
    Atomics.store(shared, 2, 1);
    Atomics.notify(shared, 2);
  };
  return { pool, shared, openGate };
}

afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

describe('WorkerPool', () => {
  it('runs at most `size` jobs at once, in worker threads, and queues the rest', async () => {
    const { pool, shared, openGate } = makePool({ size: 2, maxQueue: 10 });
    const jobs = [1, 2, 3, 4, 5].map((value) => pool.run({ kind: 'gated', value }));
    // Workers take a moment to start (they load TypeScript); a loaded machine may need seconds.
    await vi.waitFor(() => expect(Atomics.load(shared, 0)).toBe(2), { timeout: 20_000, interval: 20 });
    expect(pool.stats()).toMatchObject({ running: 2, queued: 3 });
    openGate();
    const results = await Promise.all(jobs);
    expect(results.map((r) => r.value)).toEqual([1, 2, 3, 4, 5]);
    expect(Atomics.load(shared, 1)).toBe(2);
    const stats = pool.stats();
    expect(stats).toMatchObject({ running: 0, queued: 0, completed: 5, workersStarted: 2 });
    expect(stats.threadIds).toHaveLength(2);
    expect(stats.threadIds).not.toContain(0);
    expect(new Set(results.map((r) => r.threadId))).toEqual(new Set(stats.threadIds));
  });

  it('refuses a job at once when every worker and queue slot is taken', async () => {
    const { pool, openGate } = makePool({ size: 1, maxQueue: 1 });
    const running = pool.run({ kind: 'gated', value: 1 });
    const queued = pool.run({ kind: 'echo', value: 2 });
    await expect(pool.run({ kind: 'echo', value: 3 })).rejects.toBeInstanceOf(PoolBusyError);
    expect(pool.stats()).toMatchObject({ running: 1, queued: 1, rejectedBusy: 1 });
    openGate();
    expect((await running).value).toBe(1);
    expect((await queued).value).toBe(2);
    // Room again once the queue drained.
    expect((await pool.run({ kind: 'echo', value: 4 })).value).toBe(4);
  });

  it('fails a job past its time budget, terminates its worker and goes on with a new one', async () => {
    const { pool } = makePool({ size: 1, maxQueue: 2, timeoutMs: 300 });
    const stuck = pool.run({ kind: 'spin' });
    const next = pool.run({ kind: 'echo', value: 7 });
    await expect(stuck).rejects.toBeInstanceOf(PoolTimeoutError);
    const after = await next;
    expect(after.value).toBe(7);
    expect(pool.stats()).toMatchObject({ timedOut: 1, workersStarted: 2, running: 0 });
    expect(pool.stats().threadIds).toEqual([after.threadId]);
  });

  it("does not charge a worker's start-up to its first job's time budget", async () => {
    const { pool } = makePool({ size: 1, maxQueue: 1, timeoutMs: 400, startupMs: 1_500 });
    expect((await pool.run({ kind: 'echo', value: 5 })).value).toBe(5);
    // Once loaded, the budget is the plain one.
    await expect(pool.run({ kind: 'spin' })).rejects.toBeInstanceOf(PoolTimeoutError);
    expect(pool.stats()).toMatchObject({ timedOut: 1, completed: 2 });
  });

  it('fails the job of a worker that dies and replaces the worker', async () => {
    const { pool } = makePool({ size: 1, maxQueue: 2 });
    const crashing = pool.run({ kind: 'crash' });
    const queued = pool.run({ kind: 'echo', value: 8 });
    await expect(crashing).rejects.toBeInstanceOf(WorkerCrashedError);
    expect((await queued).value).toBe(8);
    expect((await pool.run({ kind: 'echo', value: 9 })).value).toBe(9);
    expect(pool.stats()).toMatchObject({ crashed: 1, workersStarted: 2 });
  });

  it("passes a job's own error back with its code, and keeps the worker", async () => {
    const { pool } = makePool({ size: 1, maxQueue: 0 });
    const failure = await pool.run({ kind: 'fail' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(WorkerJobError);
    expect(failure).toMatchObject({ message: 'refused by the worker', code: 'NOT_FOUND' });
    expect((await pool.run({ kind: 'echo', value: 1 })).value).toBe(1);
    expect(pool.stats()).toMatchObject({ workersStarted: 1, crashed: 0 });
  });

  it('runs at most one job per key at once, even with a worker free', async () => {
    const { pool, shared, openGate } = makePool({ size: 3, maxQueue: 10 });
    const jobs = [
      pool.run({ kind: 'gated', value: 1 }, { key: 'a' }),
      pool.run({ kind: 'gated', value: 2 }, { key: 'a' }),
      pool.run({ kind: 'gated', value: 3 }, { key: 'b' }),
    ];
    await vi.waitFor(() => expect(Atomics.load(shared, 0)).toBe(2), { timeout: 20_000, interval: 20 });
    expect(pool.stats()).toMatchObject({ running: 2, queued: 1, keys: 2, workersStarted: 2 });
    openGate();
    expect((await Promise.all(jobs)).map((r) => r.value)).toEqual([1, 2, 3]);
    expect(Atomics.load(shared, 1)).toBe(2);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, keys: 0 });
  });

  it('gives a free worker to the key that started a job least recently, not to the longest backlog', async () => {
    const { pool, shared, openGate } = makePool({ size: 1, maxQueue: 10 });
    const order: string[] = [];
    const run = (key: string, value: number, kind: FixtureJob['kind'] = 'echo') =>
      pool.run({ kind, value }, { key }).then((r) => order.push(`${key}${r.value}`));
    const jobs = [run('a', 1, 'gated')];
    await vi.waitFor(() => expect(Atomics.load(shared, 0)).toBe(1), { timeout: 20_000, interval: 20 });
    // Queued while a1 runs: a has a backlog; b and c each send one job, b before a's second.
    jobs.push(run('b', 1), run('a', 2), run('a', 3), run('c', 1), run('b', 2));
    openGate();
    await Promise.all(jobs);
    // First come first served would be a1 b1 a2 a3 c1 b2: c would wait behind a's backlog.
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('refuses a job whose key already has `maxQueuedPerKey` waiting, and no other key', async () => {
    const { pool, openGate } = makePool({ size: 1, maxQueue: 10, maxQueuedPerKey: 1 });
    const running = pool.run({ kind: 'gated', value: 1 }, { key: 'a' });
    const waiting = pool.run({ kind: 'echo', value: 2 }, { key: 'a' });
    await expect(pool.run({ kind: 'echo', value: 3 }, { key: 'a' })).rejects.toBeInstanceOf(PoolKeyBusyError);
    const other = pool.run({ kind: 'echo', value: 4 }, { key: 'b' });
    expect(pool.stats()).toMatchObject({ queued: 2, rejectedKeyBusy: 1, rejectedBusy: 0 });
    openGate();
    expect((await Promise.all([running, waiting, other])).map((r) => r.value)).toEqual([1, 2, 4]);
  });

  it("makes room in a full queue for a key with fewer waiting by refusing the longest backlog's newest job", async () => {
    const { pool, openGate } = makePool({ size: 1, maxQueue: 2 });
    const a1 = pool.run({ kind: 'gated', value: 1 }, { key: 'a' });
    const a2 = pool.run({ kind: 'echo', value: 2 }, { key: 'a' });
    const a3 = pool.run({ kind: 'echo', value: 3 }, { key: 'a' });
    const b1 = pool.run({ kind: 'echo', value: 4 }, { key: 'b' });
    await expect(a3).rejects.toBeInstanceOf(PoolBusyError);
    // a and b now have one waiting each: a newcomer finds no backlog longer than its own by two.
    await expect(pool.run({ kind: 'echo', value: 5 }, { key: 'c' })).rejects.toBeInstanceOf(PoolBusyError);
    expect(pool.stats()).toMatchObject({ queued: 2, rejectedBusy: 2 });
    openGate();
    expect((await Promise.all([a1, a2, b1])).map((r) => r.value)).toEqual([1, 2, 4]);
  });

  it('rejects sizes below one', () => {
    expect(
      () => new WorkerPool({ script: new URL('file:///x.ts'), size: 0, maxQueue: 0, timeoutMs: 1 }),
    ).toThrow('pool size must be ≥ 1');
  });
});
