// Issue 14 finding 8: background work is shared by every process on the database: a recurring task
// runs once per period, a dead process's job is taken over, and failures are retried with back-off up
// to maxAttempts, the error kept for admins to read. Most tests here are the jobs table's runner (the
// PGlite backend; its SQL runs on both databases); the last ones go through app.jobs, which is pg-boss
// on PostgreSQL (tests/postgres/jobs-*.test.ts test pg-boss further).
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ApiErrorSchema } from '#shared/errors.ts';
import { JobListSchema } from '#shared/jobs.schemas.ts';
import { startBackgroundWork } from '#server/background.ts';
import type { JobHandler } from '#server/platform/jobs/index.ts';
import { finishJob, insertJob } from '#server/platform/jobs/jobs.repo.ts';
import { createTableJobRunner as createJobRunner } from '#server/platform/jobs/jobs.runner.ts';
import { jobs } from '#server/platform/jobs/jobs.table.ts';
import { rowsOf, type Db } from '#server/db/client.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { TEST_DB_KIND } from '#tests/setup/db.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function jobRow(db: Db, uniqueKey: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.uniqueKey, uniqueKey));
  return row!;
}

/** Seconds from the database's now() to a time (the runner schedules in the database's clock). */
async function secondsFromNow(db: Db, at: Date): Promise<number> {
  const [row] = rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`));
  return (at.getTime() - new Date(row!.now).getTime()) / 1000;
}

describe('recurring jobs', () => {
  it('run when due, then are rescheduled one period on and do not run again before then', async () => {
    const app = await buildTestApp();
    let runs = 0;
    const tick: JobHandler = { kind: 'tick', everyMs: 60_000, run: async () => void runs++ };
    const runner = createJobRunner(app.db, [tick]);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toBe(1);
    const row = await jobRow(app.db, 'recurring:tick');
    expect(row).toMatchObject({
      kind: 'tick',
      status: 'pending',
      attempts: 0,
      lockedAt: null,
      lockedBy: null,
    });
    const wait = await secondsFromNow(app.db, row.runAt);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('are claimed by one runner at a time: a second runner skips the row while the first works', async () => {
    const app = await buildTestApp();
    const started = deferred();
    const release = deferred();
    const ran: string[] = [];
    const handler = (name: string): JobHandler => ({
      kind: 'slow',
      everyMs: 60_000,
      run: async () => {
        ran.push(name);
        started.resolve();
        await release.promise;
      },
    });
    const first = createJobRunner(app.db, [handler('first')]);
    const second = createJobRunner(app.db, [handler('second')]);
    const firstRun = first.runDue();
    await started.promise;
    expect(await jobRow(app.db, 'recurring:slow')).toMatchObject({
      status: 'running',
      lockedBy: first.runnerId,
    });
    expect(await second.runDue()).toBe(0);
    release.resolve();
    expect(await firstRun).toBe(1);
    expect(await second.runDue()).toBe(0);
    expect(ran).toEqual(['first']);
  });

  it("take over a claim whose lease lapsed (its process died), and ignore the dead runner's late result", async () => {
    const app = await buildTestApp();
    let runs = 0;
    const runner = createJobRunner(
      app.db,
      [{ kind: 'sweep', everyMs: 60_000, run: async () => void runs++ }],
      {
        leaseMs: 60_000,
      },
    );
    await runner.runDue();
    // Another process claimed it and went quiet: within the lease it stays theirs.
    await app.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'dead',
        lockedAt: sql`now() - interval '30 seconds'`,
        runAt: sql`now()`,
      })
      .where(eq(jobs.uniqueKey, 'recurring:sweep'));
    expect(await runner.runDue()).toBe(0);
    // Past the lease it is taken over.
    await app.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '2 minutes'` })
      .where(eq(jobs.uniqueKey, 'recurring:sweep'));
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(2);
    const row = await jobRow(app.db, 'recurring:sweep');
    expect(row).toMatchObject({ status: 'pending', lockedBy: null });
    expect(await finishJob(app.db, row.id, 'dead', { status: 'done' })).toBe(false);
    expect(await jobRow(app.db, 'recurring:sweep')).toMatchObject({ status: 'pending' });
  });

  it('after the last failed attempt wait for their next period, keeping the error', async () => {
    const app = await buildTestApp();
    const runner = createJobRunner(app.db, [
      {
        kind: 'broken',
        everyMs: 3_600_000,
        maxAttempts: 2,
        run: () => Promise.reject(new Error('provider down')),
      },
    ]);
    await runner.runDue();
    const first = await jobRow(app.db, 'recurring:broken');
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' });
    expect(await secondsFromNow(app.db, first.runAt)).toBeLessThan(60);
    await app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, first.id));
    await runner.runDue();
    const last = await jobRow(app.db, 'recurring:broken');
    expect(last).toMatchObject({ status: 'pending', attempts: 0, lastError: 'provider down' });
    expect(await secondsFromNow(app.db, last.runAt)).toBeGreaterThan(3000);
  });
});

describe('one-off jobs', () => {
  it('retry with growing back-off, record the error, and fail after maxAttempts', async () => {
    const app = await buildTestApp();
    const payloads: unknown[] = [];
    const runner = createJobRunner(app.db, [
      {
        kind: 'flaky',
        run: (job) => {
          payloads.push(job.payload);
          return Promise.reject(new Error(`boom ${payloads.length}`));
        },
      },
    ]);
    const id = (await insertJob(app.db, { kind: 'flaky', payload: { orderId: 7 }, maxAttempts: 3 }))!;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runDue()).toBe(1);
      expect(await runner.runDue()).toBe(0);
      const [row] = await app.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row).toMatchObject({ attempts: attempt, lastError: `boom ${attempt}`, lockedBy: null });
      if (attempt < 3) {
        expect(row!.status).toBe('pending');
        waits.push(await secondsFromNow(app.db, row!.runAt));
        await app.db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(eq(jobs.id, id));
      } else {
        expect(row!.status).toBe('failed');
      }
    }
    expect(waits[0]).toBeGreaterThan(3);
    expect(waits[1]).toBeGreaterThan(waits[0]! + 3);
    expect(payloads).toEqual([{ orderId: 7 }, { orderId: 7 }, { orderId: 7 }]);
    expect(await runner.runDue()).toBe(0);
  });

  it('end done when they succeed; a unique key keeps one live job per key', async () => {
    const app = await buildTestApp();
    const runner = createJobRunner(app.db, [{ kind: 'once', run: async () => {} }]);
    const id = await insertJob(app.db, { kind: 'once', uniqueKey: 'once:1' });
    expect(id).not.toBeNull();
    expect(await insertJob(app.db, { kind: 'once', uniqueKey: 'once:1' })).toBeNull();
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(app.db, 'once:1')).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('are left alone by a runner that does not know their kind', async () => {
    const app = await buildTestApp();
    await insertJob(app.db, { kind: 'future-kind', uniqueKey: 'future' });
    const runner = createJobRunner(app.db, [{ kind: 'once', run: async () => {} }]);
    expect(await runner.runDue()).toBe(0);
    expect(await jobRow(app.db, 'future')).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('the jobs table', () => {
  it('accepts only the known statuses (a check constraint)', async () => {
    const app = await buildTestApp();
    const id = (await insertJob(app.db, { kind: 'once' }))!;
    const error: unknown = await app.db.execute(sql`update jobs set status = 'stuck' where id = ${id}`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(String((error as { cause?: unknown } | null)?.cause)).toMatch(/jobs_status_ck/);
  });
});

describe('app.jobs (pg-boss on PostgreSQL, the jobs table on PGlite)', () => {
  it('runs the tasks of the background work a server starts, and schedules their next period', async () => {
    const app = await buildTestApp();
    expect(app.jobs.backend).toBe(TEST_DB_KIND === 'postgres' ? 'pg-boss' : 'jobs-table');
    const ran = deferred();
    const stop = startBackgroundWork(app, {
      tasks: [{ name: 'hello', everyMs: 60_000, run: async () => ran.resolve() }],
      jobs: { pollMs: 10 },
      mailPollMs: 10,
    });
    await ran.promise;
    await stop();
    const pending = await app.jobs.listJobs({ status: 'pending', limit: 50 });
    expect(pending.items).toEqual([
      expect.objectContaining({ kind: 'hello', uniqueKey: 'recurring:hello', attempts: 0 }),
    ]);
    expect(await secondsFromNow(app.db, new Date(pending.items[0]!.runAt))).toBeGreaterThan(50);
  });
});

describe('GET /api/admin/jobs', () => {
  it('lists recent jobs with their status and last error, filtered by status', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const runner = app.jobs.createRunner([
      { kind: 'ok', everyMs: 60_000, run: async () => {} },
      { kind: 'bad', run: () => Promise.reject(new Error('card provider said no')) },
    ]);
    await app.jobs.insertJob({ kind: 'bad', maxAttempts: 1 });
    expect(await runner.runDue()).toBe(2);
    const all = JobListSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/jobs' })).json(),
    );
    expect(new Set(all.items.map((j) => j.kind))).toEqual(new Set(['bad', 'ok']));
    expect(all.items.find((j) => j.kind === 'ok' && j.status === 'pending')).toMatchObject({
      uniqueKey: 'recurring:ok',
      attempts: 0,
    });
    const failed = JobListSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/jobs?status=failed' })).json(),
    );
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({
      kind: 'bad',
      status: 'failed',
      lastError: 'card provider said no',
    });
  });

  it('refuses a bad filter with 400 in plain words', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const status = await injectAs(app, token, { method: 'GET', url: '/api/admin/jobs?status=stuck' });
    expect(status.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(status.json()).message).toBe(
      'Status must be pending, running, done or failed.',
    );
    const limit = await injectAs(app, token, { method: 'GET', url: '/api/admin/jobs?limit=0' });
    expect(limit.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(limit.json()).message).toBe('Limit must be a number from 1 to 200.');
  });

  it('is for admins only', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    expect((await injectAs(app, null, { method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(403);
  });
});
