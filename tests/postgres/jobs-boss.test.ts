// Jobs on pg-boss (docs/decisions/031-jobs-on-pg-boss.md), on this file's PostgreSQL database: two
// server instances, each with its own pg-boss, share the jobs; failures retry with back-off.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { rowsOf, type Db } from '#server/db/client.ts';
import type { JobHandler } from '#server/platform/jobs/index.ts';
import { buildTestApp, testConfig, testDatabase } from '#tests/helpers/app.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A second server instance on the same database: its own pool and its own pg-boss. */
async function secondInstance(): Promise<App> {
  const database = await testDatabase();
  const app = await buildApp(testConfig({ DATABASE_URL: database.url }), { logger: false });
  await app.ready();
  return app;
}

/** Seconds from the database's now() to an ISO time. */
async function secondsFromNow(db: Db, at: string): Promise<number> {
  const [row] = rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`));
  return (new Date(at).getTime() - new Date(row!.now).getTime()) / 1000;
}

/** Makes a job waiting for its retry due now. */
async function makeDue(db: Db, id: string): Promise<void> {
  await db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);
}

describe('jobs on pg-boss', () => {
  it('run a due recurring task once when two instances look for it at the same time', async () => {
    const a = await buildTestApp();
    const b = await secondInstance();
    try {
      expect([a.jobs.backend, b.jobs.backend]).toEqual(['pg-boss', 'pg-boss']);
      const started = deferred();
      const release = deferred();
      const ran: string[] = [];
      const handler = (name: string): JobHandler => ({
        kind: 'sweep',
        everyMs: 60_000,
        run: async () => {
          ran.push(name);
          started.resolve();
          await release.promise;
        },
      });
      const first = a.jobs.createRunner([handler('a')]);
      const second = b.jobs.createRunner([handler('b')]);
      const bothRuns = Promise.all([first.runDue(), second.runDue()]);
      await started.promise;
      // While one runs it, the other finds nothing (the next period is not due for a minute).
      expect(await first.runDue()).toBe(0);
      expect(await second.runDue()).toBe(0);
      release.resolve();
      const counts = await bothRuns;
      expect(counts[0] + counts[1]).toBe(1);
      expect(ran).toHaveLength(1);
      expect(await first.runDue()).toBe(0);
      expect(await second.runDue()).toBe(0);

      const jobs = (await a.jobs.listJobs({ limit: 50 })).items;
      expect(jobs.map((j) => j.status).sort()).toEqual(['done', 'pending']);
      const next = jobs.find((j) => j.status === 'pending')!;
      expect(next).toMatchObject({ kind: 'sweep', uniqueKey: 'recurring:sweep', attempts: 0 });
      expect(await secondsFromNow(a.db, next.runAt)).toBeGreaterThan(50);
    } finally {
      await b.close();
    }
  });

  it('retry a failed job with growing back-off, keep the error, and fail it after maxAttempts', async () => {
    const app = await buildTestApp();
    const payloads: unknown[] = [];
    const runner = app.jobs.createRunner([
      {
        kind: 'flaky',
        run: (job) => {
          payloads.push(job.payload);
          return Promise.reject(new Error(`boom ${job.attempt}`));
        },
      },
    ]);
    const id = (await app.jobs.insertJob({ kind: 'flaky', payload: { orderId: 7 }, maxAttempts: 3 }))!;
    const entry = async () => (await app.jobs.listJobs({ limit: 50 })).items.find((j) => j.id === id)!;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runDue()).toBe(1);
      expect(await runner.runDue()).toBe(0);
      const job = await entry();
      expect(job).toMatchObject({ attempts: attempt, maxAttempts: 3, lastError: `boom ${attempt}` });
      if (attempt < 3) {
        expect(job.status).toBe('pending');
        waits.push(await secondsFromNow(app.db, job.runAt));
        await makeDue(app.db, id);
      } else {
        expect(job.status).toBe('failed');
      }
    }
    // 5 s doubling, each wait up to as long again at random (pg-boss's jitter): 5–10 s, then 10–20 s.
    expect(waits[0]).toBeGreaterThan(4.5);
    expect(waits[0]).toBeLessThanOrEqual(10.5);
    expect(waits[1]).toBeGreaterThan(9.5);
    expect(waits[1]).toBeLessThanOrEqual(20.5);
    expect(payloads).toEqual([{ orderId: 7 }, { orderId: 7 }, { orderId: 7 }]);
    expect(await runner.runDue()).toBe(0);
    const failed = await app.jobs.listJobs({ status: 'failed', limit: 50 });
    expect(failed.items.map((j) => j.id)).toEqual([id]);
  });

  it('keep a recurring task scheduled for its next period after its last failed attempt', async () => {
    const app = await buildTestApp();
    const runner = app.jobs.createRunner([
      { kind: 'broken', everyMs: 3_600_000, maxAttempts: 2, run: () => Promise.reject(new Error('down')) },
    ]);
    expect(await runner.runDue()).toBe(1);
    const retry = (await app.jobs.listJobs({ status: 'pending', limit: 50 })).items.find(
      (j) => j.attempts === 1,
    )!;
    expect(retry).toMatchObject({ kind: 'broken', lastError: 'down' });
    await makeDue(app.db, retry.id);
    expect(await runner.runDue()).toBe(1);
    const jobs = (await app.jobs.listJobs({ limit: 50 })).items;
    expect(jobs.find((j) => j.id === retry.id)).toMatchObject({ status: 'failed', attempts: 2 });
    const next = jobs.filter((j) => j.status === 'pending');
    expect(next).toHaveLength(1);
    expect(await secondsFromNow(app.db, next[0]!.runAt)).toBeGreaterThan(3000);
  });

  it('keep one job per unique key, and leave jobs of kinds a runner does not know alone', async () => {
    const app = await buildTestApp();
    const id = await app.jobs.insertJob({ kind: 'once', uniqueKey: 'once:1' });
    expect(id).not.toBeNull();
    expect(await app.jobs.insertJob({ kind: 'once', uniqueKey: 'once:1' })).toBeNull();
    await app.jobs.insertJob({ kind: 'future-kind' });
    let runs = 0;
    const runner = app.jobs.createRunner([{ kind: 'once', run: async () => void runs++ }]);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toBe(1);
    expect(await app.jobs.insertJob({ kind: 'once', uniqueKey: 'once:1' })).toBeNull();
    const jobs = (await app.jobs.listJobs({ limit: 50 })).items;
    expect(jobs.find((j) => j.id === id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(jobs.find((j) => j.kind === 'future-kind')).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
