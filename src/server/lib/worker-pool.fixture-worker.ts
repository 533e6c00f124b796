import { threadId, workerData } from 'node:worker_threads';
import { jobHandler } from './worker-pool.ts';

/**
 * The worker that worker-pool.test.ts runs. `workerData` is an Int32Array over shared memory:
 * [0] jobs running now, [1] the most ever running at once, [2] the gate (jobs of kind `gated` wait
 * until it is 1), [3] how long the worker takes to load, in ms (a slow start-up on a busy machine).
 */
const shared = workerData as Int32Array;
const startupMs = Atomics.load(shared, 3);
if (startupMs > 0) Atomics.wait(shared, 3, startupMs, startupMs);

export type FixtureJob = { kind: 'echo' | 'gated' | 'spin' | 'crash' | 'fail'; value?: number };

export default jobHandler<FixtureJob, { value: number | undefined; threadId: number }>(async (job) => {
  const now = Atomics.add(shared, 0, 1) + 1;
  for (let max = Atomics.load(shared, 1); now > max; max = Atomics.load(shared, 1)) {
    if (Atomics.compareExchange(shared, 1, max, now) === max) break;
  }
  try {
    if (job.kind === 'gated') while (Atomics.load(shared, 2) === 0) Atomics.wait(shared, 2, 0, 50);
    if (job.kind === 'spin') for (;;);
    if (job.kind === 'crash') setImmediate(() => process.exit(3));
    if (job.kind === 'crash') await new Promise(() => undefined);
    if (job.kind === 'fail') throw Object.assign(new Error('refused by the worker'), { code: 'NOT_FOUND' });
    return { value: job.value, threadId };
  } finally {
    Atomics.sub(shared, 0, 1);
  }
});
