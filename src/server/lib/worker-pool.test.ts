import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PoolBusyError,
  PoolTimeoutError,
  WorkerCrashedError,
  WorkerJobError,
  WorkerPool,
} from './worker-pool.ts';
import type { FixtureJob } from './worker-pool.fixture-worker.ts';

type Result = { value: number | undefined; threadId: number };
const pools: WorkerPool<FixtureJob, Result>[] = [];

/** A pool over the fixture worker, with shared counters: [0] running, [1] most at once, [2] gate. */
function makePool(options: { size: number; maxQueue: number; timeoutMs?: number }) {
  const shared = new Int32Array(new SharedArrayBuffer(3 * 4));
  const pool = new WorkerPool<FixtureJob, Result>({
    script: new URL('./worker-pool.fixture-worker.ts', import.meta.url),
    timeoutMs: 30_000,
    ...options,
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

  it('rejects sizes below one', () => {
    expect(
      () => new WorkerPool({ script: new URL('file:///x.ts'), size: 0, maxQueue: 0, timeoutMs: 1 }),
    ).toThrow('pool size must be ≥ 1');
  });
});
