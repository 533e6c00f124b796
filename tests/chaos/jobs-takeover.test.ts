// Chaos (not in `npm test`; run with `npm run test:chaos`, needs PostgreSQL): two worker processes
// share the jobs (pg-boss); the one running a job is SIGKILLed mid-run, several times over. Each job
// is retried by the survivor once the dead worker's heartbeat lapses, and its effect is committed once.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, rowsOf, type Database } from '#server/db/client.ts';
import { createJobQueue, type JobQueue } from '#server/platform/jobs/index.ts';
import { adminUrl } from '#tests/setup/db.ts';
import { createPgDatabase, dropPgDatabase, killGroup } from '#tests/helpers/processes.ts';

const dbName = `artchip_chaos_${crypto.randomBytes(4).toString('hex')}`;
const workers = new Map<number, ChildProcess>();
let database: Database | null = null;
let queue: JobQueue | null = null;

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['tests/chaos/job-worker.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: adminUrl(dbName),
      LEASE_MS: String(10_000),
      WORK_MS: '3000',
    },
    detached: true,
    stdio: 'inherit',
  });
  workers.set(child.pid!, child);
  child.on('exit', () => workers.delete(child.pid!));
  return child;
}

async function until<T>(what: string, read: () => Promise<T | null | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Effect = { job_id: string; pid: number; phase: string };

afterAll(async () => {
  for (const child of workers.values()) killGroup(child);
  await queue?.close();
  await database?.close();
  await dropPgDatabase(dbName);
});

describe('a worker killed mid-job', () => {
  it('leaves the job to the other worker, which does it once', async () => {
    await createPgDatabase(dbName);
    database = await createDb({ databaseUrl: adminUrl(dbName) });
    const { db } = database;
    await db.execute(
      sql`create table chaos_effects (job_id text not null, pid int not null, phase text not null)`,
    );
    startWorker();
    startWorker();

    queue = createJobQueue(database, { leaseMs: 10_000 });
    const effects = async (jobId: string) =>
      rowsOf<Effect>(
        await db.execute(sql`select job_id, pid, phase from chaos_effects where job_id = ${jobId}`),
      );

    for (let round = 1; round <= 3; round++) {
      const jobId = (await queue.insertJob({ kind: 'chaos', uniqueKey: `chaos:${round}`, maxAttempts: 3 }))!;
      const first = await until('a worker to start the job', async () => (await effects(jobId))[0]);
      const victim = workers.get(first.pid)!;
      process.kill(-victim.pid!, 'SIGKILL');
      startWorker(); // the replacement, as the cluster primary would start one

      const job = await until('the job to be done', async () => {
        const [row] = rowsOf<{ state: string; retry_count: number }>(
          await db.execute(sql`select state::text, retry_count from pgboss.job where id = ${jobId}::uuid`),
        );
        return row?.state === 'completed' ? row : null;
      });
      // The second attempt (the first retry) did it.
      expect(job).toEqual({ state: 'completed', retry_count: 1 });
      const all = await effects(jobId);
      const done = all.filter((e) => e.phase === 'done');
      expect(done).toHaveLength(1);
      expect(done[0]!.pid).not.toBe(first.pid);
      expect(all.filter((e) => e.phase === 'started').map((e) => e.pid)).toEqual([first.pid, done[0]!.pid]);
    }
  }, 240_000);
});
